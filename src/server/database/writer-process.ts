import { readFileSync, readlinkSync } from "node:fs";
import { hostname } from "node:os";

/**
 * Which process a writer of a SQLite file is, so that a server starting after a crash can tell the
 * killed writer's fresh row from a live one's at once instead of waiting out its quiet period
 * (sqlite-other-writers.ts). A PID means something only where it was taken: `scope` names that place,
 * the machine's boot and the PID namespace on Linux (two containers on one volume number their
 * processes apart), the host name where there are no namespaces (macOS). Null where it cannot be told:
 * such a writer is taken to be alive, as every writer was before.
 */
export interface WriterProcess {
  scope: string | null;
  pid: number;
}

function scopeHere(): string | null {
  if (process.platform !== "linux") return hostname();
  try {
    const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot} ${readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return null;
  }
}

let here: WriterProcess | null = null;

/** This process, as its writers' rows name it. */
export function thisWriterProcess(): WriterProcess {
  here ??= { scope: scopeHere(), pid: process.pid };
  return here;
}

/** Whether a process of this scope runs under `pid` (one of another user's answers EPERM: it runs). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code !== "ESRCH";
  }
}

/**
 * Whether the writer behind a row is certainly gone: its process ended, in the scope this one can
 * look into. A writer of this very process is gone once it stopped (`liveHere` holds the ids of this
 * process's writers that have not). A reused PID reads as running: the caller then waits, as for any
 * writer it cannot tell.
 */
export function writerGone(
  row: { id: string; scope: string | null; pid: number | null },
  {
    here = thisWriterProcess(),
    liveHere,
    runs = processRuns,
  }: {
    here?: WriterProcess;
    liveHere: ReadonlySet<string>;
    runs?: (pid: number) => boolean;
  },
): boolean {
  if (row.scope === null || row.pid === null || here.scope === null || row.scope !== here.scope) return false;
  if (row.pid === here.pid) return !liveHere.has(row.id);
  return !runs(row.pid);
}
