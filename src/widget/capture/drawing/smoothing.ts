/**
 * The pen's smoothing (spec §9 "smoothing buffer 4 points"), the reference's algorithm: the last four
 * pointer positions are kept; each move appends the average of the buffer to the stroke, and the
 * tail is drawn through the averages of the buffer's later halves, so the line follows the pointer
 * without its jitter. Pure: the stroke's state is a value the editor keeps.
 */

export interface Point {
  x: number;
  y: number;
}

export interface PenStroke {
  /** The committed part of the path (`M… L…`). */
  base: string;
  /** The last pointer positions, oldest first, at most `bufferSize`. */
  buffer: Point[];
  /** The whole path to draw: the committed part and the tail through the buffer. */
  d: string;
}

export const smoothingBufferSize = 4;

/** Coordinates with one decimal: enough for a screen, and the path stays short. */
const coord = (value: number) => String(Math.round(value * 10) / 10);
const segment = (command: "M" | "L", point: Point) => ` ${command}${coord(point.x)} ${coord(point.y)}`;

/**
 * The average of `buffer[offset..]`, or null while the buffer is even and not yet full (the
 * reference waits for an odd count or a full buffer before it draws).
 */
export function averagePoint(buffer: readonly Point[], offset: number, bufferSize = smoothingBufferSize) {
  const length = buffer.length;
  if (length % 2 !== 1 && length < bufferSize) return null;
  let x = 0;
  let y = 0;
  let count = 0;
  for (let index = offset; index < length; index++) {
    const point = buffer[index] as Point;
    x += point.x;
    y += point.y;
    count++;
  }
  return count === 0 ? null : { x: x / count, y: y / count };
}

export function startStroke(point: Point): PenStroke {
  const base = segment("M", point).trimStart();
  return { base, buffer: [point], d: base };
}

export function extendStroke(stroke: PenStroke, point: Point, bufferSize = smoothingBufferSize): PenStroke {
  const buffer = [...stroke.buffer, point];
  while (buffer.length > bufferSize) buffer.shift();
  const first = averagePoint(buffer, 0, bufferSize);
  if (!first) return { ...stroke, buffer };
  const base = stroke.base + segment("L", first);
  let tail = "";
  for (let offset = 2; offset < buffer.length; offset += 2) {
    const average = averagePoint(buffer, offset, bufferSize);
    if (average) tail += segment("L", average);
  }
  return { base, buffer, d: base + tail };
}
