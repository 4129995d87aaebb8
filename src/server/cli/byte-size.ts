/** A size as an operator reads it: `812 B`, `4.2 KB`, `13.0 MB`, `2.10 GB` (powers of 1024). */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit >= 2 ? 2 : 1)} ${units[unit]}`;
}

/** A duration in seconds with one decimal, or milliseconds under a second. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
