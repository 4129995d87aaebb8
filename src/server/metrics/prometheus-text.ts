/**
 * The spelling rules of Prometheus's text exposition format, version 0.0.4:
 * https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 */

export const exposition = {
  contentType: "text/plain; version=0.0.4; charset=utf-8",
} as const;

/** A metric name: letters, digits, `_` and `:`, not starting with a digit. */
export const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
/** A label name; names starting with `__` are Prometheus's own. */
export const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A label value between double quotes: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
}

/** HELP text: backslash and line feed escaped (a double quote stays as it is there). */
export function escapeHelp(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");
}

/** A sample value as Go's ParseFloat reads it: `+Inf`, `-Inf` and `NaN` spelled Prometheus's way. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

/** `{a="x",b="y"}` for the names and values given in the same order; empty without labels. */
export function renderLabels(names: readonly string[], values: readonly string[]): string {
  if (names.length === 0) return "";
  const pairs = names.map((name, index) => `${name}="${escapeLabelValue(values[index] ?? "")}"`);
  return `{${pairs.join(",")}}`;
}
