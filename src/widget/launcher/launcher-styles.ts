/**
 * Styles of the launcher, scoped by the shadow root it renders into. The project's colours, offsets
 * and radius arrive as custom properties on the button (`--gl-bg`, `--gl-fg`, `--gl-x`, `--gl-y`,
 * `--gl-r`), so a restyle changes five values and never this text. `all: initial` on the button keeps
 * what the host element inherits from the page (fonts, colours, letter spacing…) out of it. In forced
 * colours (Windows high contrast) backgrounds and shadows are dropped, so the button gets a border.
 */
export const launcherStyles = `
:host { all: initial; }
.launcher {
  all: initial;
  box-sizing: border-box;
  position: fixed;
  z-index: 2147483630;
  display: flex;
  align-items: center;
  justify-content: center;
  margin: 0;
  border: 0;
  padding: 0;
  background: var(--gl-bg);
  color: var(--gl-fg);
  font: 500 15px/20px system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  letter-spacing: 0.01em;
  cursor: pointer;
  user-select: none;
  -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15), 0 0 20px rgba(0, 0, 0, 0.1);
  transition: transform 160ms ease, box-shadow 160ms ease, opacity 200ms ease, visibility 200ms;
}
.launcher::after {
  content: "";
  position: absolute;
  inset: 0;
  border-radius: inherit;
  background: transparent;
  transition: background-color 160ms ease;
  pointer-events: none;
}
.launcher:hover { box-shadow: 0 2px 6px rgba(0, 0, 0, 0.2), 0 0 26px rgba(0, 0, 0, 0.18); }
.launcher:hover::after { background: rgba(255, 255, 255, 0.12); }
.launcher:active::after { background: rgba(0, 0, 0, 0.12); }
.launcher:focus-visible {
  outline: 3px solid #161a2e;
  outline-offset: 2px;
  box-shadow: 0 0 0 2px #fff, 0 2px 6px rgba(0, 0, 0, 0.2);
}
.modern {
  width: 48px;
  height: 48px;
  bottom: var(--gl-y);
  border-radius: var(--gl-r);
}
.modern.right { right: var(--gl-x); }
.modern.left { left: var(--gl-x); }
.modern:hover { transform: scale(1.08); }
.modern:active { transform: scale(0.95); }
.icon { display: block; width: 28px; height: 28px; animation: gl-pop 220ms ease both; }
.open .icon { width: 22px; height: 22px; }
.tab {
  top: 50%;
  width: 44px;
  padding: 18px 0;
  transform: translateY(-50%);
}
.tab.right { right: 0; border-radius: var(--gl-r) 0 0 var(--gl-r); }
.tab.left { left: 0; border-radius: 0 var(--gl-r) var(--gl-r) 0; }
.tab .label { writing-mode: vertical-rl; }
.tab.right .label { transform: rotate(180deg); }
.bottom-tab {
  bottom: 0;
  height: 44px;
  padding: 0 22px;
  border-radius: var(--gl-r) var(--gl-r) 0 0;
}
.bottom-tab.right { right: var(--gl-x); }
.bottom-tab.left { left: var(--gl-x); }
.label { display: block; white-space: nowrap; max-width: 60vw; max-height: 60vh; overflow: hidden; text-overflow: ellipsis; }
.open.tab, .open.bottom-tab { opacity: 0; visibility: hidden; }
.badge {
  position: absolute;
  top: -5px;
  right: -5px;
  box-sizing: border-box;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  background: #e5243b;
  color: #fff;
  font: 700 11px/20px system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  text-align: center;
  direction: ltr;
  box-shadow: 0 0 0 2px #fff;
  pointer-events: none;
}
.badge:empty { display: none; }
.tab.right .badge, .modern[dir="rtl"] .badge, .bottom-tab[dir="rtl"] .badge { right: auto; left: -5px; }
.tab .badge { top: -8px; }
@keyframes gl-pop { from { opacity: 0; transform: scale(0.6) rotate(-30deg); } }
@media (forced-colors: active) { .launcher { border: 2px solid ButtonText; } }
@media (prefers-reduced-motion: reduce) {
  .launcher, .launcher::after { transition: none; }
  .modern:hover, .modern:active { transform: none; }
  .icon { animation: none; }
}
`;
