import type { CDPSession } from "@playwright/test";

/**
 * Waits for a page's expression to give a value, read through the DevTools protocol (`Runtime.evaluate`
 * of the expression alone), and answers it parsed from JSON. For a bench that times a page load:
 * Playwright's `waitForFunction` (and `evaluate`) first compile Playwright's injected script, hundreds
 * of KB, on the page's main thread, 150–170 ms at 4× CPU throttling, inside the load being timed.
 *
 * `expression` must evaluate to a JSON string, or to `"null"` while the page is not there yet.
 */
export async function pollPage<T>(
  cdp: CDPSession,
  expression: string,
  { timeoutMs = 30_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
      expression,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`the page threw: ${exceptionDetails.text}`);
    const value = JSON.parse(String(result.value ?? "null")) as T | null;
    if (value !== null) return value;
    if (Date.now() >= until) throw new Error(`nothing came of ${expression} within ${timeoutMs} ms`);
    await Bun.sleep(everyMs);
  }
}
