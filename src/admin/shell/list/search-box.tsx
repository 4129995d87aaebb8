import { type FormEvent, useEffect, useState } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { Button } from "../button.tsx";

/** Typing pauses this long before the list follows; Enter searches at once. */
export const searchDelayMs = 350;

/**
 * A list's free-text search. It keeps its own text while typing and follows the URL when that changes
 * from outside (back button, reset). `onSearch(q, typing)`: typing replaces the history entry.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string;
  label: MessageId;
  placeholder: MessageId;
  value: string;
  onSearch: (q: string, typing: boolean) => void;
}) {
  const { t } = useT();
  const [text, setText] = useState(value);

  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim(), true), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim(), false);
  };

  return (
    <search className="search-box">
      <form onSubmit={submit}>
        <label className="visually-hidden" htmlFor={id}>
          {t(label)}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          value={text}
          placeholder={t(placeholder)}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t("list.search")}
        </Button>
      </form>
    </search>
  );
}
