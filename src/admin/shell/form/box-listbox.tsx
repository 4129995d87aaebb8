import type { ReactNode } from "react";

/**
 * The options listed under a text box that keeps the keyboard (aria-activedescendant names the active
 * option, `optionId(index)`): pressing on the list does not blur the box, a click takes an option,
 * hovering one makes it the active one. `after` follows the list inside the popup (a note).
 */
export function BoxListbox<T>({
  popupClass,
  hidden,
  popupTestId,
  listId,
  label,
  listClass,
  items,
  keyOf,
  optionId,
  active,
  optionClass,
  optionTestId,
  onChoose,
  onHover,
  children,
  after,
}: {
  popupClass: string;
  hidden?: boolean;
  popupTestId?: string;
  listId: string;
  label: string;
  listClass: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  optionId: (index: number) => string;
  active: number;
  optionClass?: (item: T) => string;
  optionTestId?: string;
  onChoose: (item: T) => void;
  onHover: (index: number) => void;
  children: (item: T) => ReactNode;
  after?: ReactNode;
}) {
  return (
    // Pressing on the list must not blur the box first, or the list would close before the click.
    // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus; the box handles keys.
    <div
      className={popupClass}
      hidden={hidden}
      data-testid={popupTestId}
      onMouseDown={(event) => event.preventDefault()}
    >
      <div id={listId} role="listbox" aria-label={label} className={listClass}>
        {items.map((item, index) => (
          // The keyboard stays in the box, which takes the active option with Enter.
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above; the option never takes focus.
          <div
            key={keyOf(item)}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={optionClass?.(item)}
            data-testid={optionTestId}
            onClick={() => onChoose(item)}
            onMouseEnter={() => onHover(index)}
          >
            {children(item)}
          </div>
        ))}
      </div>
      {after}
    </div>
  );
}
