/** Spec §9: K from 1,000, M from 1e6, B from 1e9, T from 1e12, with one decimal. */
const steps = [
  { from: 1, suffix: "" },
  { from: 1e3, suffix: "K" },
  { from: 1e6, suffix: "M" },
  { from: 1e9, suffix: "B" },
  { from: 1e12, suffix: "T" },
] as const;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * A short form of a number for tables: `1500` → `1.5K`, `2_000_000` → `2M`, `999` → `999`. The decimal is
 * rounded and left out when it is zero; a value that rounds up to 1000 of its unit moves to the next one
 * (999,960 → `1M`, not `1000K`). `decimalSeparator` lets a locale write `1,5K`.
 */
export function abbreviateNumber(value: number, decimalSeparator = "."): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? "-" : "";
  const size = Math.abs(value);
  let index = steps.findLastIndex((step) => size >= step.from);
  if (index < 0) index = 0;
  let scaled = oneDecimal(size / (steps[index]?.from ?? 1));
  if (scaled >= 1000 && index < steps.length - 1) {
    index += 1;
    scaled = oneDecimal(size / (steps[index]?.from ?? 1));
  }
  const digits = String(scaled).replace(".", decimalSeparator);
  return `${scaled === 0 ? "" : sign}${digits}${steps[index]?.suffix ?? ""}`;
}
