/** The list with entry `index` replaced by `item`. */
export const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] =>
  items.map((current, at) => (at === index ? item : current));

/** The list without entry `index`. */
export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, at) => at !== index);

/** The list with entry `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveBy<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
