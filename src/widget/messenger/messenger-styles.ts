import { maxFrameHeight } from "./frame-layout.ts";

/**
 * Styles of the messenger frame's container and the image viewer, scoped by the SDK's shadow root.
 * Every root element starts from `all: initial`, so nothing the host page sets on the shadow host
 * (fonts, colours, direction, line height, visibility) is inherited. The per-project values (button
 * offsets, radius, colours) arrive as custom properties on the container, so this text never changes
 * and one `<style>` serves every config.
 *
 * Sizes (spec §2, §9): 410 px wide at most (extended 690, a full-screen survey's panel 640), 700 px
 * high at most, the whole viewport at 450 px and below. Positions follow the reference: the panel
 * floats 61 px above the modern button's offset, a classic tab's panel sits at the button's offset, a
 * left button puts it on the left, and right to left mirrors it.
 */
export const messengerStyles = `
.frame {
  all: initial;
  display: block;
  box-sizing: border-box;
  position: fixed;
  z-index: 2147483631;
  right: var(--gl-x);
  bottom: calc(61px + var(--gl-y));
  width: calc(100% - 40px);
  max-width: 410px;
  border-radius: var(--gl-radius);
  overflow: hidden;
  box-shadow: 0 5px 30px rgba(0, 0, 0, 0.16);
  background: var(--gl-background);
  pointer-events: none;
  user-select: none;
  transition: max-width 0.3s ease-out;
  animation: gl-fade-in-up 0.3s ease-out both;
}
.frame--hidden { display: none !important; }
.frame--animate { pointer-events: auto; }
.frame[dir="rtl"] { right: auto; left: var(--gl-x); }

.frame-inner {
  position: relative;
  display: block;
  width: 100%;
  height: calc(100vh - 130px - var(--gl-y));
  max-height: ${maxFrameHeight}px;
  background: var(--gl-background);
}
.frame-inner iframe {
  all: initial;
  display: block;
  width: 100%;
  height: 100%;
  border: 0;
  pointer-events: auto;
  color-scheme: normal;
  /* Above the placeholder, which stays beneath it until the messenger draws over it. */
  position: relative;
  z-index: 1;
}

/*
 * Until the frame has answered: the brand gradient the messenger's header will cover. It stays beneath
 * the frame once that shows, since the frame's page is transparent until its app has drawn (a survey's
 * frame is not a panel: none under it).
 */
.frame--loading iframe { opacity: 0; }
.frame--placeholder:not(.frame--survey, .frame--survey-full) .frame-inner::before,
.frame--placeholder:not(.frame--survey, .frame--survey-full) .frame-inner::after {
  content: "";
  position: absolute;
  pointer-events: none;
}
/* The header band the messenger draws, and a card where its first screen will be. */
.frame--placeholder .frame-inner::before {
  inset: 0 0 auto 0;
  height: 117px;
  background: linear-gradient(130deg, var(--gl-header) 0%, var(--gl-color) 100%);
}
.frame--placeholder .frame-inner::after {
  top: 97px;
  left: 16px;
  right: 16px;
  height: 136px;
  border-radius: 14px;
  background: var(--gl-background);
  box-shadow: 0 8px 24px rgba(22, 26, 46, 0.1);
}

.frame--classic { bottom: var(--gl-y); }
.frame--no-button { bottom: var(--gl-y); }
.frame--classic-left { right: auto; left: var(--gl-x); bottom: var(--gl-y); }
.frame--classic-left[dir="rtl"] { left: auto; right: var(--gl-x); }
.frame--modern-left { right: auto; left: var(--gl-x); }
.frame--modern-left[dir="rtl"] { left: auto; right: var(--gl-x); }
.frame--extended { max-width: 690px; }
.frame--survey { bottom: var(--gl-y) !important; }
.frame--survey .frame-inner { height: calc(100vh - 40px); }
.frame--survey-full {
  inset: 0 !important;
  width: 100vw;
  max-width: 100vw;
  height: 100vh;
  max-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: 0;
  box-shadow: none;
  background: rgba(0, 0, 0, 0.5);
  backdrop-filter: blur(6px);
  animation-name: gl-fade-in;
}
.frame--survey-full .frame-inner {
  width: calc(100% - 24px);
  max-width: 640px;
  border-radius: var(--gl-radius);
  overflow: hidden;
  box-shadow: 0 5px 30px rgba(0, 0, 0, 0.16);
}

@media (max-width: 450px) {
  .frame {
    inset: 0 !important;
    width: 100vw;
    max-width: 100vw;
    height: 100vh;
    height: 100dvh;
    border-radius: 0;
    animation-name: gl-fade-in-up-small;
  }
  .frame-inner { width: 100%; height: 100%; max-height: none; }
  .frame--survey {
    top: auto !important;
    height: auto;
    border-radius: var(--gl-radius) var(--gl-radius) 0 0;
  }
  .frame--survey .frame-inner { height: 100vh; height: 100dvh; }
}

@keyframes gl-fade-in-up {
  from { opacity: 0; transform: translate3d(0, 40px, 0); }
  to { opacity: 1; transform: none; }
}
@keyframes gl-fade-in-up-small {
  from { opacity: 0; transform: translate3d(0, 10%, 0); }
  to { opacity: 1; transform: none; }
}
@keyframes gl-fade-in { from { opacity: 0; } to { opacity: 1; } }

.viewer {
  all: initial;
  position: fixed;
  inset: 0;
  z-index: 2147483699;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(15, 18, 32, 0.82);
  cursor: zoom-out;
  animation: gl-fade-in 0.2s ease-out both;
}
.viewer-image {
  all: initial;
  display: block;
  max-width: 90%;
  max-height: 90%;
  object-fit: contain;
  border-radius: 6px;
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.35);
  background: #fff;
  cursor: default;
}
.viewer-close {
  all: initial;
  position: fixed;
  top: 20px;
  right: 20px;
  width: 44px;
  height: 44px;
  display: grid;
  place-items: center;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.92);
  color: #161a2e;
  box-shadow: 0 5px 18px rgba(0, 0, 0, 0.2);
  cursor: pointer;
  opacity: 0.9;
}
.viewer[dir="rtl"] .viewer-close { right: auto; left: 20px; }
.viewer-close:hover { opacity: 1; }
.viewer-close:focus-visible { outline: 3px solid #fff; outline-offset: 3px; }

@media (prefers-reduced-motion: reduce) {
  .frame, .viewer { animation: none; transition: none; }
}
`;
