import type { CDPSession } from "@playwright/test";

/**
 * Waits for a page's expression to give a value, read through the DevTools protocol (`Runtime.evaluate`
 * of the expression alone), and answers it parsed from JSON. For a bench that times a page load:
 * Playwright's `waitForFunction` first compiles Playwright's injected script, some 330 KB, on the
 * page's main thread, 150–170 ms at 4× CPU throttling, inside the load being timed.
 *
 * `expression` must evaluate to a JSON string, or to `"null"` while the page is not there yet. A page
 * between two documents (a navigation under way) is asked again, as `waitForFunction` would.
 */
export async function pollPage<T>(
  cdp: CDPSession,
  expression: string,
  { timeoutMs = 30_000, everyMs = 100 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  const timedOut = () => new Error(`nothing came of ${expression} within ${timeoutMs} ms`);
  for (;;) {
    const left = until - Date.now();
    if (left <= 0) throw timedOut();
    const answer = await Promise.race([
      cdp.send("Runtime.evaluate", { expression, returnByValue: true }).catch((error: unknown) => {
        if (betweenDocuments(error)) return null;
        throw error;
      }),
      Bun.sleep(left).then(() => {
        throw timedOut();
      }),
    ]);
    if (answer?.exceptionDetails) {
      const { exception, text } = answer.exceptionDetails;
      throw new Error(`the page threw: ${exception?.description ?? text}`);
    }
    const value = answer ? (JSON.parse(String(answer.result.value ?? "null")) as T | null) : null;
    if (value !== null) return value;
    await Bun.sleep(Math.min(everyMs, Math.max(0, until - Date.now())));
  }
}

/** The protocol's answer while a frame has no document to evaluate in: try again. */
const betweenDocuments = (error: unknown) =>
  error instanceof Error && /context was destroyed|Cannot find default execution context/.test(error.message);
