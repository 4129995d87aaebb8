import { statfs } from "node:fs/promises";
import type { Logger } from "../logger.ts";

/**
 * `full` below the free space the operator keeps in reserve (DISK_MIN_FREE_MB): writes are refused
 * before SQLite or a stored file runs out of room halfway; `low` below four times that, the warning
 * an operator sees while there is still time to act.
 */
export type DiskState = "ok" | "low" | "full";

export function diskStateOf(freeBytes: number, minFreeBytes: number): DiskState {
  if (minFreeBytes <= 0) return "ok";
  if (freeBytes < minFreeBytes) return "full";
  if (freeBytes < minFreeBytes * 4) return "low";
  return "ok";
}

export interface DiskSpaceWatch {
  /** The state at the last look (every `intervalMs`; a write then fails cleanly in between). */
  state(): DiskState;
  stop(): void;
}

export interface DiskSpaceWatchOptions {
  /** The folders whose disks are watched: the data folder, and local file storage when elsewhere. */
  paths: string[];
  minFreeBytes: number;
  logger: Logger;
  intervalMs?: number;
  /** Free bytes for an unprivileged writer on the disk of `path`. */
  freeBytesOf?: (path: string) => Promise<number>;
}

const defaultIntervalMs = 5000;

async function statfsFreeBytes(path: string): Promise<number> {
  const stats = await statfs(path);
  return stats.bavail * stats.bsize;
}

const mb = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** Looks at once (the first answer decides the state before the server listens), then every interval. */
export async function startDiskSpaceWatch({
  paths,
  minFreeBytes,
  logger,
  intervalMs = defaultIntervalMs,
  freeBytesOf = statfsFreeBytes,
}: DiskSpaceWatchOptions): Promise<DiskSpaceWatch> {
  let current: DiskState = "ok";
  if (minFreeBytes <= 0) return { state: () => current, stop() {} };

  const look = async () => {
    const free = await Promise.all(
      paths.map((path) => freeBytesOf(path).catch(() => Number.POSITIVE_INFINITY)),
    );
    const least = Math.min(...free);
    const next = diskStateOf(least, minFreeBytes);
    if (next === current) return;
    const fields = { freeMb: mb(least), minFreeMb: mb(minFreeBytes), paths };
    if (next === "full")
      logger.error("disk almost full: writes are refused with 503 until space is freed", fields);
    else if (next === "low") logger.warn("disk space low: writes stop below DISK_MIN_FREE_MB", fields);
    else logger.info("disk space back above the reserve", fields);
    current = next;
  };
  await look();
  const timer = setInterval(() => void look(), intervalMs);
  timer.unref();
  return {
    state: () => current,
    stop: () => clearInterval(timer),
  };
}
