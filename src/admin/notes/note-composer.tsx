import { type KeyboardEvent, useId, useRef, useState } from "react";
import { noteMaxLength } from "../../shared/staff-notes-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { MentionList } from "./mention-list.tsx";
import { useMentionList } from "./use-mention-list.ts";

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
  const mentions = useMentionList(box, text, setText);

  const submit = async () => {
    if (busy || text.trim() === "") return;
    setBusy(true);
    const saved = await onSubmit(text.trim());
    setBusy(false);
    if (saved && !onCancel) setText("");
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || mentions.listKey(event)) return;
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
          aria-expanded={mentions.open}
          aria-controls={`${id}-mentions`}
          aria-activedescendant={mentions.open ? `${id}-mention-${mentions.active}` : undefined}
          onChange={(event) => mentions.follow(event.target.value, event.target.selectionStart)}
          onSelect={(event) => mentions.moveCaret(event.currentTarget.selectionStart)}
          onBlur={mentions.close}
          onKeyDown={keyDown}
        />
        <MentionList
          id={id}
          open={mentions.open}
          candidates={mentions.candidates}
          active={mentions.active}
          onChoose={mentions.choose}
          onHover={mentions.setActive}
        />
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
