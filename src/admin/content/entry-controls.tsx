import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

/** The head of a list entry (a step, a button, a question): its number, move up and down, remove. */
export function EntryControls({
  label,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** "Step 2", already translated. */
  label: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  return (
    <div className="entry-head">
      <h3>{label}</h3>
      <div className="entry-actions">
        <Button
          size="sm"
          variant="tertiary"
          disabled={index === 0}
          aria-label={`${t("content.moveUp")}: ${label}`}
          onClick={() => onMove(-1)}
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="tertiary"
          disabled={index === count - 1}
          aria-label={`${t("content.moveDown")}: ${label}`}
          onClick={() => onMove(1)}
        >
          ↓
        </Button>
        <Button
          size="sm"
          variant="tertiary"
          className="button-danger"
          aria-label={`${t("content.remove")}: ${label}`}
          onClick={onRemove}
        >
          {t("content.remove")}
        </Button>
      </div>
    </div>
  );
}
