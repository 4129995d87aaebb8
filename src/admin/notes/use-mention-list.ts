import { type KeyboardEvent, type RefObject, useState } from "react";
import { flushSync } from "react-dom";
import { useAssignableAdmins } from "../users/assignee-options.tsx";
import { completeMention, type MentionQuery, mentionAt, mentionCandidates } from "./mention-query.ts";

/** An admin the @ list offers. */
export interface MentionCandidate {
  id: string;
  nickname: string;
  name: string;
}

/**
 * The @ list of a note's text box: the mention typed at the caret and the admins it may mean, the one
 * the arrows are on, and taking one (its nickname replaces what was typed, the caret goes after it).
 */
export function useMentionList(
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
) {
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const admins = useAssignableAdmins();
  const candidates: MentionCandidate[] = mention
    ? mentionCandidates(
        admins.map((admin) => ({ id: admin.id, nickname: admin.nickname, name: admin.name })),
        mention.query,
      )
    : [];
  const open = candidates.length > 0;

  /** The text changed: the list follows what is typed at the caret, from its first entry. */
  const follow = (value: string, caret: number) => {
    setText(value);
    setMention(mentionAt(value, caret));
    setActive(0);
  };

  /** The caret moved (a click, the arrows outside the list). */
  const moveCaret = (caret: number) => setMention(mentionAt(text, caret));

  const close = () => setMention(null);

  const choose = (candidate: MentionCandidate) => {
    const field = box.current;
    if (!mention || !field) return;
    const next = completeMention(text, field.selectionStart, mention, candidate.nickname);
    // The text is in the field before this handler returns, and the caret after the mention with it:
    // placed a frame later, it jumped back over whatever a quick typist had typed since.
    flushSync(() => {
      setText(next.text);
      setMention(null);
    });
    field.focus();
    field.setSelectionRange(next.caret, next.caret);
  };

  /**
   * The keys of an open list: arrows move, Enter or Tab takes the entry, Escape closes the list.
   * Answers whether the key was the list's.
   */
  const listKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + candidates.length) % candidates.length);
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const candidate = candidates[active];
      if (candidate) {
        event.preventDefault();
        choose(candidate);
      }
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return true;
    }
    return false;
  };

  return { candidates, open, active, setActive, follow, moveCaret, close, choose, listKey };
}
