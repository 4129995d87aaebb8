/**
 * Reads a child process's stdout into `printed.text` until `done` holds for what it printed, the
 * stream ends, or `withinMs` pass (checked between reads); answers whether `done` held. The reader is
 * released, so a later call reads on from there.
 */
export async function readStdoutUntil(
  stdout: ReadableStream<Uint8Array>,
  printed: { text: string },
  done: (text: string) => boolean,
  withinMs = 20_000,
): Promise<boolean> {
  const reader = stdout.getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + withinMs;
  while (!done(printed.text) && Date.now() < deadline) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    printed.text += decoder.decode(value);
  }
  reader.releaseLock();
  return done(printed.text);
}
