import type { ReactNode } from "react";
import { Button } from "../button.tsx";

/** What an entry's buttons do: move it by one place, or remove it. */
export interface EntryMoves {
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * The small buttons beside an entry of an edited list (a step, a field, a button) that move it up and
 * down and remove it, each named for the entry (`labels`, translated). The arrows are off at the ends
 * of the list; the removal while `canRemove` is false (a list that must keep one entry).
 */
export function MoveRemoveButtons({
  className,
  index,
  count,
  labels,
  removeText,
  removeClassName,
  canRemove = true,
  onMove,
  onRemove,
}: EntryMoves & {
  className: string;
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  removeText: ReactNode;
  removeClassName?: string;
  canRemove?: boolean;
}) {
  return (
    <div className={className}>
      <Button
        size="sm"
        variant="tertiary"
        disabled={index === 0}
        aria-label={labels.up}
        onClick={() => onMove(-1)}
      >
        ↑
      </Button>
      <Button
        size="sm"
        variant="tertiary"
        disabled={index === count - 1}
        aria-label={labels.down}
        onClick={() => onMove(1)}
      >
        ↓
      </Button>
      <Button
        size="sm"
        variant="tertiary"
        className={removeClassName}
        disabled={!canRemove}
        aria-label={labels.remove}
        onClick={onRemove}
      >
        {removeText}
      </Button>
    </div>
  );
}
