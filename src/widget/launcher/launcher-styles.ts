/** Styles of the launcher, scoped by the shadow root it renders into. */
export const launcherStyles = `
:host { all: initial; }
.launcher {
  position: fixed;
  width: 56px;
  height: 56px;
  border: 0;
  border-radius: 50%;
  color: #fff;
  display: grid;
  place-items: center;
  cursor: pointer;
  box-shadow: 0 6px 20px rgba(15, 23, 42, 0.22), 0 2px 6px rgba(15, 23, 42, 0.12);
  transition: transform 160ms ease, box-shadow 160ms ease;
  z-index: 2147483000;
  -webkit-tap-highlight-color: transparent;
}
.launcher:hover { transform: scale(1.06); box-shadow: 0 10px 28px rgba(15, 23, 42, 0.28); }
.launcher:active { transform: scale(0.96); }
.launcher:focus-visible { outline: 3px solid rgba(72, 91, 255, 0.45); outline-offset: 3px; }
@media (prefers-reduced-motion: reduce) { .launcher { transition: none; } }
`;
