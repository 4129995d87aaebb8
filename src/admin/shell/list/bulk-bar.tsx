import type { ReactNode } from "react";
import { Button } from "../button.tsx";

/** What a list's bulk bar gets: the ticked rows, what follows a done action, and clearing the ticks. */
export interface BulkBarProps {
  ids: string[];
  onDone: () => void;
  onClear: () => void;
}

/**
 * The bar over a list while rows are ticked: how many (`selected`, which also names the bar), the
 * actions on them (`children`), and the button (`clear`) that unticks them all.
 */
export function BulkBar({
  selected,
  clear,
  onClear,
  children,
}: {
  selected: string;
  clear: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <section className="bulk-bar" aria-label={selected}>
      <span className="bulk-count">{selected}</span>
      {children}
      <Button size="sm" variant="tertiary" onClick={onClear}>
        {clear}
      </Button>
    </section>
  );
}

/** The bar's actions on the ticked rows as its small buttons, in order: each its text and what it does. */
export function BulkActionButtons({
  actions,
}: {
  actions: readonly { label: string; onClick: () => void }[];
}) {
  return (
    <>
      {actions.map((action) => (
        <Button key={action.label} size="sm" variant="secondary" onClick={action.onClick}>
          {action.label}
        </Button>
      ))}
    </>
  );
}
