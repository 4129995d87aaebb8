import { type KeyboardEvent, useId, useRef, useState } from "react";
import { noteMaxLength } from "../../shared/staff-notes-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { useAssignableAdmins } from "../users/assignee-options.tsx";
import { completeMention, type MentionQuery, mentionAt, mentionCandidates } from "./mention-query.ts";

interface Candidate {
  id: string;
  nickname: string;
  name: string;
}

/** An admin in the @ list: the display name first, then the nickname the mention is written with. */
function MentionLabel({ candidate }: { candidate: Candidate }) {
  return (
    <>
      {candidate.name !== candidate.nickname && <span className="note-mention-name">{candidate.name} </span>}
      {`@${candidate.nickname}`}
    </>
  );
}

/**
 * The text box of a note, new or edited: typing `@` lists the admins (by display name and nickname;
 * the nickname is what goes in, which the server reads as mentions); arrows move, Enter or Tab takes one, Escape closes the list. Ctrl+Enter
 * (⌘+Enter) saves, plain Enter breaks the line: notes are often several lines.
 */
export function NoteComposer({
  initial = "",
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  initial?: string;
  submitLabel: string;
  /** Resolves true when saved (the box empties), false to keep the text for another try. */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const admins = useAssignableAdmins();
  const candidates: Candidate[] = mention
    ? mentionCandidates(
        admins.map((admin) => ({ id: admin.id, nickname: admin.nickname, name: admin.name })),
        mention.query,
      )
    : [];
  const listOpen = candidates.length > 0;

  const follow = (value: string, caret: number) => {
    setText(value);
    setMention(mentionAt(value, caret));
    setActive(0);
  };

  const choose = (candidate: Candidate) => {
    const field = box.current;
    if (!mention || !field) return;
    const next = completeMention(text, field.selectionStart, mention, candidate.nickname);
    setText(next.text);
    setMention(null);
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = async () => {
    if (busy || text.trim() === "") return;
    setBusy(true);
    const saved = await onSubmit(text.trim());
    setBusy(false);
    if (saved && !onCancel) setText("");
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (listOpen) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const candidate = candidates[active];
        if (candidate) {
          event.preventDefault();
          choose(candidate);
        }
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape" && onCancel) {
      onCancel();
    }
  };

  return (
    <form
      className="note-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t("notes.label")}
      </label>
      <div className="note-composer-field">
        <textarea
          id={`${id}-text`}
          ref={box}
          data-testid="note-text"
          rows={2}
          maxLength={noteMaxLength}
          value={text}
          // biome-ignore lint/a11y/noAutofocus: an edit opened by its button continues where the click was.
          autoFocus={autoFocus}
          placeholder={t("notes.placeholder")}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={`${id}-mentions`}
          aria-activedescendant={listOpen ? `${id}-mention-${active}` : undefined}
          onChange={(event) => follow(event.target.value, event.target.selectionStart)}
          onSelect={(event) => setMention(mentionAt(text, event.currentTarget.selectionStart))}
          onBlur={() => setMention(null)}
          onKeyDown={keyDown}
        />
        {/* Pressing on the list must not blur the box first, or the list would close before the click. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus; the box handles keys. */}
        <div
          className="note-mentions-popup"
          hidden={!listOpen}
          onMouseDown={(event) => event.preventDefault()}
        >
          <div
            id={`${id}-mentions`}
            role="listbox"
            aria-label={t("notes.mentionList")}
            className="note-mentions-list"
          >
            {candidates.map((candidate, index) => (
              // The keyboard stays in the box (aria-activedescendant), which takes one with Enter.
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above; the option never takes focus.
              <div
                key={candidate.id}
                id={`${id}-mention-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                data-testid="mention-option"
                onClick={() => choose(candidate)}
                onMouseEnter={() => setActive(index)}
              >
                <MentionLabel candidate={candidate} />
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="note-composer-actions">
        {onCancel && (
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            {t("notes.cancel")}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={busy || text.trim() === ""} data-testid="note-submit">
          {busy ? t("notes.saving") : submitLabel}
        </Button>
      </div>
    </form>
  );
}
