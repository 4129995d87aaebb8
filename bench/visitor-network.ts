import type { CDPSession } from "@playwright/test";

/**
 * Adds `latencyMs` to every request of one DevTools target (a page, or a frame of another site with a
 * target of its own), as a visitor's network does; bandwidth is left alone. Nothing when 0: loopback.
 */
export async function addLatency(session: CDPSession, latencyMs: number): Promise<void> {
  if (latencyMs <= 0) return;
  await session.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}
