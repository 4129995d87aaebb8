import type { DiskState } from "../storage/disk-space-watch.ts";
import type { Handler } from "./request-log.ts";

/** Reads and websocket upgrades go on: only what could write is refused. */
const readMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Seconds a client waits before trying again: an operator frees space in minutes, not seconds. */
const retryAfterSeconds = 60;

export function diskFullAnswer(): Response {
  return Response.json(
    { error: "The server is out of disk space and accepts no changes for now; try again later." },
    { status: 503, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/**
 * While the disk is below its reserve (disk-space-watch.ts), every request that could write is answered
 * 503 with `Retry-After` before it reaches a handler: a half-stored report or a write SQLite cannot
 * finish is never begun.
 */
export function refuseWritesWhenDiskFull<SocketData>(
  handler: Handler<SocketData>,
  diskState: () => DiskState,
): Handler<SocketData> {
  return (request, server) => {
    if (diskState() === "full" && !readMethods.has(request.method)) return diskFullAnswer();
    return handler(request, server);
  };
}

/** SQLite's "database or disk is full" and the system's "no space left": a 503, not a 500. */
export function isOutOfSpace(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = "code" in error ? String(error.code) : "";
  return (
    code === "SQLITE_FULL" ||
    code === "ENOSPC" ||
    /database or disk is full|no space left/i.test(error.message)
  );
}
