/** Whether a TCP connection to 127.0.0.1:`port` is accepted: a listener is up on it. */
export async function acceptsConnections(port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}
