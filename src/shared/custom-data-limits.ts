/**
 * Bounds of a widget session's custom data. The spec names none, so these follow what the hosted
 * product documents for contact attributes: enough for plans, ids, flags and counters, never a
 * growing log. A visitor's session is resumed on every page view, so its size is a cost on each one.
 */
export const customDataLimits = {
  maxKeys: 100,
  maxKeyLength: 100,
  /** Characters of one value as JSON. */
  maxValueLength: 2000,
  /** Characters of the whole object as JSON. */
  maxTotalLength: 32 * 1024,
} as const;

export interface CustomDataProblem {
  error: string;
  field?: string;
}

/** What makes `data` too large for a session, or null. */
export function customDataProblem(data: Record<string, unknown>): CustomDataProblem | null {
  const keys = Object.keys(data);
  if (keys.length > customDataLimits.maxKeys) {
    return {
      error: `Custom data may have at most ${customDataLimits.maxKeys} keys (it would have ${keys.length})`,
    };
  }
  let total = 2;
  for (const key of keys) {
    if (key.length > customDataLimits.maxKeyLength) {
      return {
        error: `Custom data keys may be at most ${customDataLimits.maxKeyLength} characters long`,
        field: key.slice(0, customDataLimits.maxKeyLength),
      };
    }
    const length = JSON.stringify(data[key] ?? null).length;
    if (length > customDataLimits.maxValueLength) {
      return {
        error: `${key} is longer than ${customDataLimits.maxValueLength} characters`,
        field: key,
      };
    }
    total += key.length + length + 4;
  }
  if (total > customDataLimits.maxTotalLength) {
    return { error: `Custom data may be at most ${customDataLimits.maxTotalLength / 1024} KB in all` };
  }
  return null;
}
