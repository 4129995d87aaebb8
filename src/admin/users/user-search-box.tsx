import { type FormEvent, useEffect, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

/** Typing pauses this long before the list follows; Enter searches at once. */
export const searchDelayMs = 350;

/**
 * The free-text search. It keeps its own text while typing and follows the URL when that changes from
 * outside (back button, reset).
 */
export function UserSearchBox({
  value,
  onSearch,
}: {
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
        <label className="visually-hidden" htmlFor="user-search">
          {t("users.search")}
        </label>
        <input
          id="user-search"
          name="q"
          type="search"
          value={text}
          placeholder={t("users.searchPlaceholder")}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t("users.searchSubmit")}
        </Button>
      </form>
    </search>
  );
}
