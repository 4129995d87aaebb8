/**
 * Counts a marker's occurrences in a byte stream as its chunks come, without decoding or splitting
 * them into lines: a bench that reads a busy server's log this way leaves the machine to the server it
 * measures. A marker cut between two chunks is counted once, with the chunk that ends it.
 */
export function streamMarkerCounter(text: string): { add(chunk: Uint8Array): void; count(): number } {
  const marker = Buffer.from(text);
  let carry = Buffer.alloc(0);
  let count = 0;
  return {
    add(chunk) {
      const bytes =
        carry.length > 0
          ? Buffer.concat([carry, chunk])
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let end = 0;
      for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, end)) {
        count++;
        end = at + marker.length;
      }
      // Only the tail that may begin a marker is kept, never bytes of one already counted.
      carry = Buffer.from(bytes.subarray(Math.max(end, bytes.length - marker.length + 1)));
    },
    count: () => count,
  };
}
