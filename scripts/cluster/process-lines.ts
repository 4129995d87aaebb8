/**
 * Calls `onLine` with each line a child process writes to `stream`, until it closes; a last line
 * without its newline is given too. Reading on also keeps a chatty process from blocking on a full pipe.
 */
export async function forEachLine(
  stream: ReadableStream<Uint8Array>,
  onLine: (line: string) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    let end = pending.indexOf("\n");
    while (end >= 0) {
      onLine(pending.slice(0, end));
      pending = pending.slice(end + 1);
      end = pending.indexOf("\n");
    }
  }
  if (pending !== "") onLine(pending);
}
