import { expect, type Frame, type FrameLocator, type Locator } from "@playwright/test";

/**
 * The replayed page inside the admin's replay player: rrweb's own frame, inside the capture frame the
 * player shows it in (src/admin/inbox/capture-frame.ts).
 */
export const replayedPage = (player: Locator): FrameLocator =>
  player.frameLocator(".replay-root").frameLocator(".replayer-wrapper iframe");

/** rrweb's frame as a Playwright frame, to run script in it (it runs none of its own). */
export async function replayedFrame(player: Locator): Promise<Frame> {
  const shell = await (await player.locator(".replay-root").elementHandle())?.contentFrame();
  if (!shell) throw new Error("no capture frame in the replay player");
  await expect(shell.locator(".replayer-wrapper iframe")).toBeAttached();
  const frame = await (await shell.locator(".replayer-wrapper iframe").elementHandle())?.contentFrame();
  if (!frame) throw new Error("no replay frame");
  return frame;
}
