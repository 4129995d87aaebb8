import type { ReactNode } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type EntryMoves, MoveRemoveButtons } from "../shell/form/move-remove-buttons.tsx";
import { moveBy, removeAt, replaceAt } from "./list-edit.ts";

/** The head of a list entry (a step, a button, a question): its number, move up and down, remove. */
function EntryControls({
  label,
  index,
  count,
  ...moves
}: EntryMoves & {
  /** "Step 2", already translated. */
  label: string;
  index: number;
  count: number;
}) {
  const { t } = useT();
  return (
    <div className="entry-head">
      <h3>{label}</h3>
      <MoveRemoveButtons
        className="entry-actions"
        index={index}
        count={count}
        labels={{
          up: `${t("content.moveUp")}: ${label}`,
          down: `${t("content.moveDown")}: ${label}`,
          remove: `${t("content.remove")}: ${label}`,
        }}
        removeText={t("content.remove")}
        removeClassName="button-danger"
        {...moves}
      />
    </div>
  );
}

/**
 * A section listing entries (steps, buttons, questions), each with its head of controls above its own
 * fields (`children`, with the change of that entry), then the add button (none without `onAdd`); a
 * rule about the whole list (`error`) marks the section.
 */
export function EntryListSection<T>({
  titleId,
  title,
  error = null,
  empty,
  entries,
  keyOf,
  entryLabel,
  addLabel,
  onAdd,
  onChange,
  onEdit,
  children,
}: {
  titleId: string;
  title: string;
  error?: string | null;
  /** Said while there is no entry. */
  empty?: ReactNode;
  entries: T[];
  keyOf: (entry: T, index: number) => string | number;
  /** "Step 2", translated, for the entry at `index`. */
  entryLabel: (index: number) => string;
  addLabel: string;
  onAdd?: () => void;
  onChange: (entries: T[]) => void;
  /** Which entry an edit of its fields changed (not a move or a removal). */
  onEdit?: (index: number) => void;
  children: (entry: T, index: number, setEntry: (change: Partial<T>) => void) => ReactNode;
}) {
  return (
    <section className="detail-card" aria-labelledby={titleId} data-invalid={error ? "true" : undefined}>
      <h2 id={titleId}>{title}</h2>
      {error && <p className="form-error">{error}</p>}
      {entries.length === 0 && empty}
      {entries.map((entry, index) => (
        <div className="content-entry" key={keyOf(entry, index)}>
          <EntryControls
            label={entryLabel(index)}
            index={index}
            count={entries.length}
            onMove={(by) => onChange(moveBy(entries, index, by))}
            onRemove={() => onChange(removeAt(entries, index))}
          />
          {children(entry, index, (change) => {
            onEdit?.(index);
            onChange(replaceAt(entries, index, { ...entry, ...change }));
          })}
        </div>
      ))}
      {onAdd && (
        <Button size="sm" variant="secondary" onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </section>
  );
}
