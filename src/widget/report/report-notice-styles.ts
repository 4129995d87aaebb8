/**
 * The outbox notice, scoped by the widget's shadow root: a small dark bar at the bottom centre of the
 * page, above the launcher and the messenger (both sit in a corner), below the capture editor. In
 * forced colours (Windows high contrast) its background is dropped, so it gets a border.
 */
export const reportNoticeStyles = `
.report-notice {
  all: initial;
  box-sizing: border-box;
  position: fixed;
  z-index: 2147483640;
  left: 50%;
  bottom: 24px;
  transform: translateX(-50%);
  display: flex;
  align-items: center;
  gap: 12px;
  width: max-content;
  max-width: min(440px, calc(100vw - 32px));
  padding: 10px 10px 10px 16px;
  border-radius: 10px;
  background: #1f2430;
  color: #fff;
  font: 400 14px/20px system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  box-shadow: 0 4px 18px rgba(0, 0, 0, 0.22);
}
.report-notice[hidden] { display: none; }
.report-notice[dir="rtl"] { padding: 10px 16px 10px 10px; }
.report-notice-text { all: initial; font: inherit; color: inherit; flex: 1; }
.report-notice-close {
  all: initial;
  box-sizing: border-box;
  flex: none;
  display: grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 6px;
  color: inherit;
  cursor: pointer;
}
.report-notice-close svg { display: block; width: 18px; height: 18px; }
.report-notice-close:hover { background: rgba(255, 255, 255, 0.14); }
.report-notice-close:focus-visible { outline: 2px solid #fff; outline-offset: 1px; }
@media (forced-colors: active) {
  .report-notice { border: 1px solid CanvasText; }
}
`;
