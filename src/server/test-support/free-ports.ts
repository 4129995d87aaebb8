/**
 * `count` loopback ports nothing listens on right now, all picked while the others are still held: a
 * port released before the next is picked can come back as that next one.
 */
export function freeLoopbackPorts(count: number): number[] {
  const held = Array.from({ length: count }, () =>
    Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } }),
  );
  const ports = held.map((listener) => listener.port);
  for (const listener of held) listener.stop(true);
  return ports;
}
