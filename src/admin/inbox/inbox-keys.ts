import type { MessageId } from "../i18n/en-US.ts";

/** What a key does in the inbox: the list and a report page read the same map. */
export type InboxKeyAction = "next" | "previous" | "open" | "done" | "assignToMe" | "notes" | "help";

/** One key press as {@link inboxKeyAction} needs it, read from a `KeyboardEvent` by the hook. */
export interface InboxKeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a field that takes text (an input, a text area, a select, an editable element). */
  typing: boolean;
  /** The focus is on a link or button, which opens or presses with Enter by itself. */
  onControl: boolean;
}

const letters: Record<string, InboxKeyAction> = {
  j: "next",
  k: "previous",
  e: "done",
  a: "assignToMe",
  // A report's page and a conversation: the internal notes open with the focus in their box.
  n: "notes",
};

/**
 * The action of a key press, or null to leave it to the browser: nothing while the admin types (a
 * search, a reply, tags), nothing with Ctrl, Cmd or Alt (the browser's and the system's shortcuts), and
 * Enter only where it would not already open the focused link or press the focused button.
 */
export function inboxKeyAction(press: InboxKeyPress): InboxKeyAction | null {
  if (press.typing || press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === "?") return "help";
  if (press.key === "Enter") return press.onControl ? null : "open";
  return letters[press.key] ?? null;
}

/** The shortcuts as the help dialog lists them, in its order. */
export const inboxShortcuts: ReadonlyArray<{ keys: readonly string[]; label: MessageId }> = [
  { keys: ["j"], label: "inbox.keys.next" },
  { keys: ["k"], label: "inbox.keys.previous" },
  { keys: ["Enter"], label: "inbox.keys.open" },
  { keys: ["e"], label: "inbox.keys.done" },
  { keys: ["a"], label: "inbox.keys.assignToMe" },
  { keys: ["n"], label: "inbox.keys.notes" },
  { keys: ["?"], label: "inbox.keys.help" },
];
