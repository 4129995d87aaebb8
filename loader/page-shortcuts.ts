import { type HostCommand, parseGleapLink } from "./url-actions.ts";

/**
 * The page's `gleap:` links (spec §2) open what they name instead of navigating, and Ctrl+U starts a
 * bug report with the drawing tools when shortcuts are on. Answers the cleanup.
 */
export function listenForPageShortcuts(
  window: Window & typeof globalThis,
  runCommand: (command: HostCommand) => void,
  shortcutsOn: () => boolean,
): () => void {
  const document = window.document;
  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.("a[href]");
    const href = anchor?.getAttribute("href") ?? "";
    if (!/^gleap:/i.test(href)) return;
    event.preventDefault();
    try {
      const command = parseGleapLink(href);
      if (command) runCommand(command);
    } catch (error) {
      window.console.error("Failed to handle Gleap link", error);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey && (event.key === "u" || event.key === "U") && shortcutsOn()) {
      event.preventDefault();
      runCommand({ command: "startFeedbackFlow", args: ["bugreporting", true, { autostartDrawing: true }] });
    }
  };
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey);
  };
}
