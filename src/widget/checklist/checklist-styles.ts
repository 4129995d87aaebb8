import { hexChannels } from "../common/hex-channels.ts";

/**
 * Styles of the checklist element, inside its own shadow root (host CSS reaches only the element's
 * box, which is the host's to place and size). Brand colour and dark mode come in as custom
 * properties on the card, so one stylesheet serves every element of the page.
 */

/** A usable brand colour: the checklist's, else the project's, else spec §9's default #485BFF. */
export function brandColor(...candidates: string[]): string {
  return candidates.find((candidate) => hexChannels(candidate) !== null) ?? "#485BFF";
}

/** Spec §9: text on a colour is dark when its brightness is 160 or more, else white. */
export function textOnColor(color: string): string {
  const channels = hexChannels(color);
  if (!channels) return "#FFFFFF";
  const [r, g, b] = channels;
  return (r * 299 + g * 587 + b * 114) / 1000 >= 160 ? "#111827" : "#FFFFFF";
}

export const checklistStyles = `
:host { display: block; }
.gc {
  all: initial;
  --gc-bg: #FFFFFF;
  --gc-title: #111827;
  --gc-text: #374151;
  --gc-muted: #6B7280;
  --gc-border: #E5E7EB;
  --gc-track: #EEF0F4;
  --gc-hover: #F7F8FA;
  --gc-done-bg: #F9FAFB;
  --gc-success: #12A150;
  --gc-shadow: 0 1px 2px rgba(16, 24, 40, 0.05), 0 8px 24px rgba(16, 24, 40, 0.06);
  display: block;
  box-sizing: border-box;
  position: relative;
  color: var(--gc-text);
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  text-align: start;
}
.gc.gc-dark {
  --gc-bg: #1A1F2B;
  --gc-title: #F9FAFB;
  --gc-text: #D1D5DB;
  --gc-muted: #9CA3AF;
  --gc-border: #2E3545;
  --gc-track: #2E3545;
  --gc-hover: #222839;
  --gc-done-bg: #161A24;
  --gc-success: #34D399;
  --gc-shadow: 0 1px 2px rgba(0, 0, 0, 0.3), 0 8px 24px rgba(0, 0, 0, 0.3);
}
/* Brand-coloured text on the dark card: lightened, so it keeps its contrast. */
.gc-dark .gc-mark, .gc-dark .gc-badge, .gc-dark .gc-rich a { color: color-mix(in srgb, var(--gc-brand) 65%, #FFFFFF); }
.gc-dark .gc-done .gc-badge { color: #FFFFFF; }
.gc *, .gc *::before, .gc *::after { box-sizing: border-box; }
.gc-card {
  background: var(--gc-bg);
  border: 1px solid var(--gc-border);
  border-radius: 16px;
  box-shadow: var(--gc-shadow);
  padding: 20px;
}
.gc-title { margin: 0 0 6px; color: var(--gc-title); font-size: 17px; line-height: 1.35; font-weight: 650; }
.gc-rich { color: var(--gc-text); overflow-wrap: break-word; }
.gc-title, .gc-task-title, .gc-launcher-title { unicode-bidi: plaintext; }
.gc-rich > :first-child { margin-top: 0; }
.gc-rich > :last-child { margin-bottom: 0; }
.gc-rich p, .gc-rich ul, .gc-rich ol { margin: 0 0 8px; }
.gc-rich ul, .gc-rich ol { padding-inline-start: 20px; }
.gc-rich a { color: var(--gc-brand); }
.gc-rich img { max-width: 100%; height: auto; border-radius: 8px; }
.gc-info { margin-bottom: 18px; }
.gc-sender { display: flex; align-items: center; gap: 8px; margin-top: 12px; color: var(--gc-muted); font-size: 13px; font-weight: 500; }
.gc-sender img { width: 28px; height: 28px; border-radius: 50%; object-fit: cover; }
.gc-labels { display: flex; justify-content: space-between; gap: 12px; margin-bottom: 8px; color: var(--gc-muted); font-size: 12.5px; font-weight: 550; }
.gc-bar { height: 6px; border-radius: 999px; background: var(--gc-track); overflow: hidden; margin-bottom: 18px; }
.gc-bar-fill { height: 100%; border-radius: inherit; background: var(--gc-brand); transition: width 0.3s ease; }
.gc-tasks { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.gc-task { border: 1px solid var(--gc-border); border-radius: 12px; background: var(--gc-bg); overflow: hidden; transition: background-color 0.2s ease; }
.gc-task.gc-done { background: var(--gc-done-bg); }
.gc-task-header {
  all: unset;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  padding: 12px 14px;
  cursor: pointer;
  color: var(--gc-title);
  font: inherit;
  font-weight: 550;
}
.gc-task-header:hover { background: var(--gc-hover); }
.gc-task-header:focus-visible { outline: 2px solid var(--gc-brand); outline-offset: -2px; border-radius: 12px; }
.gc-badge {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: var(--gc-brand-soft);
  color: var(--gc-brand);
  font-size: 13px;
  font-weight: 650;
  transition: background-color 0.2s ease, color 0.2s ease;
}
.gc-done .gc-badge { background: var(--gc-success); color: #FFFFFF; }
.gc-task-title { flex: 1; min-width: 0; }
.gc-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.gc-done .gc-task-title { color: var(--gc-muted); text-decoration: line-through; text-decoration-color: var(--gc-border); }
.gc-open .gc-task-title { font-weight: 650; }
.gc-chevron { flex: none; color: var(--gc-muted); transition: transform 0.2s ease; }
.gc-open .gc-chevron { transform: rotate(180deg); }
.gc-task-body { display: grid; grid-template-rows: 0fr; transition: grid-template-rows 0.2s ease; }
.gc-open .gc-task-body { grid-template-rows: 1fr; }
.gc-task-inner { overflow: hidden; min-height: 0; }
.gc-task-content { padding: 0 14px 16px 54px; }
.gc-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin-top: 12px; }
.gc-button {
  all: unset;
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 8px 16px;
  border-radius: 10px;
  background: var(--gc-brand);
  color: var(--gc-on-brand);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
}
.gc-button:hover { filter: brightness(0.94); }
.gc-button:focus-visible, .gc-mark:focus-visible { outline: 2px solid var(--gc-brand); outline-offset: 2px; }
.gc-mark {
  all: unset;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: var(--gc-brand);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  border-radius: 6px;
}
.gc-mark:hover { text-decoration: underline; }
.gc-empty { margin: 0; color: var(--gc-muted); }
.gc-success { text-align: center; padding: 8px 4px; }
.gc-success-icon {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  margin-bottom: 12px;
  border-radius: 50%;
  background: var(--gc-success);
  color: #FFFFFF;
}
.gc-launcher {
  all: unset;
  box-sizing: border-box;
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  padding: 8px 12px;
  border: 1px solid var(--gc-border);
  border-radius: 14px;
  background: var(--gc-bg);
  box-shadow: var(--gc-shadow);
  color: var(--gc-title);
  font: inherit;
  cursor: pointer;
}
.gc-launcher:focus-visible { outline: 2px solid var(--gc-brand); outline-offset: 2px; }
div.gc-launcher { cursor: default; }
.gc-launcher-text { flex: 1; min-width: 0; display: flex; flex-direction: column; line-height: 1.3; }
.gc-launcher-title { font-weight: 650; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.gc-launcher-count { color: var(--gc-muted); font-size: 12.5px; font-weight: 500; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.gc-ring { flex: none; display: block; }
.gc-ring circle { transition: stroke-dasharray 0.3s ease; }
.gc-floating-wrap { position: relative; }
.gc-panel {
  position: absolute;
  inset-inline-end: 0;
  width: max(100%, min(380px, calc(100vw - 24px)));
  top: calc(100% + 8px);
  z-index: 2147483000;
  max-height: min(70vh, 560px);
  overflow: auto;
  padding: 12px;
}
.gc-panel.gc-up { top: auto; bottom: calc(100% + 8px); }
.gc-panel .gc-tasks { gap: 8px; }
@media (prefers-reduced-motion: reduce) {
  .gc *, .gc *::before, .gc *::after { transition: none !important; }
}
`;
