import { useEffect, useState } from "react";
import { useT } from "../i18n/intl.ts";

/**
 * The list's tag filter: a tag typed whole (tags are the team's own words, so there is no fixed list to
 * choose from), applied with Enter or on leaving the field, so the list does not reload per keystroke.
 * A tag clicked in a row shows here too.
 */
export function InboxTagFilter({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const { t } = useT();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const apply = () => {
    const tag = text.trim();
    if (tag !== value) onChange(tag);
  };
  return (
    <label className="filter-field">
      <span>{t("inbox.filter.tag")}</span>
      <input
        type="search"
        name="tag"
        value={text}
        maxLength={64}
        placeholder={t("inbox.filter.tagPlaceholder")}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply();
        }}
      />
    </label>
  );
}
