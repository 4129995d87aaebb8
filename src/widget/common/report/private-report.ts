import type { TypedValue } from "../../../shared/privacy/typed-values.ts";
import { collectPrivateValues, type PrivateValues } from "../privacy/private-values.ts";
import { createScrubber, scrubDeep } from "../privacy/secret-scrubber.ts";

/**
 * The last step before a report leaves the page: no private value (private-values.ts) stays in any
 * part of it. Every part is scrubbed except the report's own settings and, in a feedback report, what
 * the visitor wrote to us in the widget's own form (`formData`).
 *
 * - Logs, custom data, tags, metadata, event log: every private value and every prefix of it of at
 *   least 4 characters (what a page logged or sent while the visitor typed). Shorter values are not
 *   looked for, they would mask ordinary text everywhere (a 3-digit card code in a log stays).
 * - The page snapshot and the web replay are masked where they are taken (private-elements.ts); here
 *   they are only checked for whole values of at least 6 characters, a net for copies the page made
 *   itself (a `data-value` attribute, a value echoed into the page's text). Prefixes are not looked for
 *   in them, so a private field's first letters do not mask the same letters in the page's styles.
 */
export const logScrubbing = { prefixes: true, minLength: 4 };
export const captureScrubbing = { prefixes: false, minLength: 6 };

/** How the report is filed: nothing the page wrote. */
const settings = new Set(["type", "priority", "isSilent", "excludeData", "outbound", "spamToken"]);
const captures = new Set(["screenshotData", "webReplay"]);

export interface ProtectOptions {
  /**
   * `formData` is what the visitor wrote in the widget's own form (a feedback report), kept as written;
   * a crash report's comes from the host page and is scrubbed like the rest.
   */
  visitorForm?: boolean;
}

export function withoutPrivateValues<R extends Record<string, unknown>>(
  report: R,
  values: PrivateValues,
  options: ProtectOptions = {},
): R {
  const all = [...values.current, ...values.typed];
  if (all.length === 0) return report;
  const inLogs = createScrubber(all, logScrubbing);
  const inCaptures = createScrubber(all, captureScrubbing);
  const result: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(report)) {
    if (settings.has(key) || (key === "formData" && options.visitorForm)) result[key] = part;
    else result[key] = scrubDeep(part, captures.has(key) ? inCaptures : inLogs);
  }
  return result as R;
}

/** The report without the page's private values, as they are now and as they were typed. */
export function protectReport<R extends Record<string, unknown>>(
  report: R,
  typed: readonly TypedValue[] | undefined,
  win: object,
  options: ProtectOptions = {},
): R {
  const values = collectPrivateValues((win as { document?: Document }).document, typed);
  return withoutPrivateValues(report, values, options);
}
