import { compilePageFilter, matchesPageFilter } from "../../../shared/page-filter.ts";

/**
 * Compiled filters by type and filter text. The server matches every live outbound's filter on every
 * ping; the distinct filters are few, and
 * the bound keeps a caller that sends many from growing it without end. Server-only, so the SDK's
 * eager file does not carry it.
 */
const compiled = new Map<string, RegExp | null>();
const compiledKept = 1000;

function cachedCompile(filter: string, type: string): RegExp | null {
  const key = `${type}\n${filter}`;
  let pattern = compiled.get(key);
  if (pattern === undefined) {
    pattern = compilePageFilter(filter, type);
    if (compiled.size >= compiledKept) compiled.clear();
    compiled.set(key, pattern);
  }
  return pattern;
}

/** `matchesPageFilter` with the compiled expressions kept. */
export const matchesPageFilterCached = (url: string, filter: string, type: string): boolean =>
  matchesPageFilter(url, filter, type, cachedCompile);
