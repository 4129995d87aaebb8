/**
 * Reads `read` every 25 ms until `ok` takes its value, and answers that value; after `ms` it throws
 * with the last value read, so a test that waits for something that never comes says what it saw.
 */
export async function readUntil<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  ms = 6000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await Bun.sleep(25);
  }
}
