import type { Subprocess } from "bun";

/**
 * Stops a child process as a supervisor would: SIGTERM, then SIGKILL if it has not exited within
 * `graceMs`, so a child that hangs on its way out never holds up whoever stops it.
 */
export async function terminateChild(child: Subprocess, graceMs = 5_000): Promise<void> {
  child.kill("SIGTERM");
  const exited = await Promise.race([child.exited, Bun.sleep(graceMs).then(() => null)]);
  if (exited === null) {
    child.kill("SIGKILL");
    await child.exited;
  }
}
