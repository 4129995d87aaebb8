import type { LongFunction } from "./long-functions.ts";

/**
 * New code keeps its functions to `functionLineLimit` lines. The functions that were longer when the
 * limit came are listed in long-functions-allowed.json with their length then: each may shrink, none
 * may grow, and a listed one that is gone or now short must leave the list (so it only gets shorter).
 */
export const functionLineLimit = 80;

const key = (found: LongFunction) => `${found.file} ${found.name}`;

/** What breaks the limit: new long functions, listed ones that grew, and entries that are stale. */
export function limitBreaches(
  found: readonly LongFunction[],
  listed: Readonly<Record<string, number>>,
): string[] {
  const breaches: string[] = [];
  const seen = new Set<string>();
  for (const one of found) {
    const name = key(one);
    seen.add(name);
    const before = listed[name];
    if (before === undefined)
      breaches.push(
        `${one.file}:${one.startLine} ${one.name} has ${one.lines} lines (limit ${functionLineLimit})`,
      );
    else if (one.lines > before)
      breaches.push(`${one.file}:${one.startLine} ${one.name} grew from ${before} to ${one.lines} lines`);
  }
  for (const name of Object.keys(listed))
    if (!seen.has(name))
      breaches.push(
        `${name} is no longer over ${functionLineLimit} lines: remove it from long-functions-allowed.json`,
      );
  return breaches;
}
