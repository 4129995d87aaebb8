import { useT } from "../i18n/intl.ts";

/**
 * A report's tags in its list row, each a button that narrows the list to that tag (the Tag filter);
 * named by the tag as shown, with what it does as its tooltip. A row without tags shows nothing, so
 * the column stays quiet.
 */
export function TagChips({ tags, onTag }: { tags: readonly string[]; onTag: (tag: string) => void }) {
  const { t } = useT();
  if (tags.length === 0) return null;
  return (
    <span className="inbox-tags">
      {tags.map((tag) => (
        <button
          key={tag}
          type="button"
          className="inbox-tag"
          title={t("inbox.tag.filterBy", { tag })}
          onClick={() => onTag(tag)}
        >
          {tag}
        </button>
      ))}
    </span>
  );
}
