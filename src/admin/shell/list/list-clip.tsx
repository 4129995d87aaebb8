import { useLayoutEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { MessageId } from "../../i18n/en-US.ts";
import type { ListColumn } from "./record-table.tsx";

/**
 * A value cut to its cell with an ellipsis (admin.css `.clip`): the whole text on hover (`title`), and,
 * once it is actually cut, focusable, so the keyboard can reach it and see it whole (`:focus-visible`).
 * Links need none of this: they are focusable already (`className="table-link clip"` and a `title`).
 */
export function ClipText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      // While focused the text is shown whole: measuring then would take the tab stop away under it.
      if (document.activeElement !== element) setCut(element.scrollWidth > element.clientWidth + 1);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return (
    <span
      ref={ref}
      className={className ? `clip ${className}` : "clip"}
      title={text}
      tabIndex={cut ? 0 : undefined}
    >
      {text}
    </span>
  );
}

/** A link cut to its cell (admin.css `.clip`), the whole text on hover. */
export function ClipLink({ href, text }: { href: string; text: string }) {
  return (
    <Link href={href} className="table-link clip" title={text}>
      {text}
    </Link>
  );
}

/**
 * The column of a row's own link: the record's name (`text`), cut to the column's width, to its screen
 * (`href`); `width` is the column's share of the table's fluid room (admin.css `fluid-…`).
 */
export function linkColumn<T, F extends string>(
  label: MessageId,
  href: (row: T) => string,
  text: (row: T) => string,
  { sort, width }: { sort?: F; width?: 30 | 40 | 60 } = {},
): ListColumn<T, F> {
  return {
    label,
    sort,
    primary: true,
    className: width ? `fluid-cell fluid-${width} primary-cell` : "fluid-cell primary-cell",
    cell: (row) => <ClipLink href={href(row)} text={text(row)} />,
  };
}
