/**
 * Finds a tour step's element, waiting for pages that render late (spec §9: up to 5 s, looking every
 * 100 ms). Answers null when it never appears, when the selector is not valid CSS, or when the wait is
 * cancelled (`signal`). The co-pilot chunk uses it too (the build shares the file between the chunks),
 * with its own clock (`sleep`), so its tests step through time.
 */
export function findElement(document: Document, selector: string): Element | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForElement(
  document: Document,
  selector: string,
  {
    timeoutMs = 5000,
    pollMs = 100,
    signal,
    sleep = realSleep,
  }: {
    timeoutMs?: number;
    pollMs?: number;
    signal?: AbortSignal;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<Element | null> {
  // Counted in polls rather than read off the clock: 5 s are 50 looks after the first.
  const polls = Math.ceil(timeoutMs / pollMs);
  for (let poll = 0; ; poll++) {
    if (signal?.aborted) return null;
    const found = findElement(document, selector);
    if (found) return found;
    if (poll >= polls) return null;
    await sleep(pollMs);
  }
}
