import { useState } from "react";
import { Icon } from "./icons.tsx";

/**
 * Stars to pick from 1 to `count`, as a radio group: those up to the pointer light up while it
 * hovers, those up to the choice otherwise.
 */
export function StarRating({
  name,
  count,
  value,
  onChange,
  size,
  className,
  labelledBy,
  describedBy,
  invalid,
  firstId,
  starLabel,
}: {
  name: string;
  count: number;
  value: number;
  onChange(star: number): void;
  size: number;
  className: string;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
  /** The first star's input id, for a label or focus that points at the group. */
  firstId?: string;
  starLabel(star: number): string;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div
      className={className}
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onPointerLeave={() => setHover(0)}
    >
      {Array.from({ length: count }, (_, index) => index + 1).map((star) => (
        <label
          key={star}
          className={star <= shown ? "star star--on" : "star"}
          onPointerEnter={() => setHover(star)}
        >
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={star}
            checked={value === star}
            id={star === 1 ? firstId : undefined}
            onChange={() => onChange(star)}
          />
          <Icon name="star" size={size} />
          <span className="visually-hidden">{starLabel(star)}</span>
        </label>
      ))}
    </div>
  );
}
