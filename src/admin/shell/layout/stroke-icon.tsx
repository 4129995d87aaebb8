import type { ReactNode } from "react";

/**
 * A line icon of `size` pixels drawn in the text colour (`children`: its paths on a 24 × 24 grid), hidden
 * from screen readers: the button it sits in is named. `roundJoins` rounds the corners of its lines.
 */
export function StrokeIcon({
  size,
  roundJoins = false,
  children,
}: {
  size: number;
  roundJoins?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={String(size)}
      height={String(size)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin={roundJoins ? "round" : undefined}
    >
      {children}
    </svg>
  );
}
