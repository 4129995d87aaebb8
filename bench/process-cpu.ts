/**
 * CPU time of processes from /proc (Linux): what a request costs the server, PostgreSQL or Redis,
 * beside how many requests went through.
 */

/** Clock ticks per second of /proc's times (USER_HZ; 100 on Linux's usual builds). */
const ticksPerSecond = (() => {
  const answer = Bun.spawnSync(["getconf", "CLK_TCK"]);
  const ticks = Number(answer.stdout.toString().trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

interface ProcessTimes {
  ppid: number;
  /** User and system time of the process itself, every thread of it, in seconds. */
  own: number;
  /** User and system time of its children that ended and were waited for, in seconds. */
  reapedChildren: number;
}

/**
 * The fields of /proc/<pid>/stat (or of `/proc/<pid>/task/<tid>/stat`, one thread's) after the
 * command name (which may hold spaces and parentheses).
 */
async function statFields(pid: number, thread?: number): Promise<string[] | null> {
  const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const text = await Bun.file(path)
    .text()
    .catch(() => null);
  if (text === null) return null;
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

async function timesOf(pid: number, thread?: number): Promise<ProcessTimes | null> {
  const fields = await statFields(pid, thread);
  if (!fields) return null;
  // After the name: state (3), ppid (4), …, utime (14), stime (15), cutime (16), cstime (17).
  const field = (number: number) => Number(fields[number - 3] ?? 0);
  return {
    ppid: field(4),
    own: (field(14) + field(15)) / ticksPerSecond,
    reapedChildren: (field(16) + field(17)) / ticksPerSecond,
  };
}

/** CPU seconds one process has used so far (every thread); null when it is gone. */
export async function cpuSecondsOf(pid: number): Promise<number | null> {
  return (await timesOf(pid))?.own ?? null;
}

/**
 * CPU seconds the main thread of a process has used so far (its JavaScript, on Bun), or null when
 * it is gone: a server's request thread is what saturates first.
 */
export async function mainThreadCpuSecondsOf(pid: number): Promise<number | null> {
  return (await timesOf(pid, pid))?.own ?? null;
}

/** The parent of a process, or null when it is not on this machine. */
export async function parentOf(pid: number): Promise<number | null> {
  return (await timesOf(pid))?.ppid ?? null;
}

/**
 * CPU seconds a process and all its children have used so far (PostgreSQL: the postmaster, its
 * backends and workers, and those that already ended), or null when the process is not here.
 */
export async function processTreeCpuSeconds(rootPid: number): Promise<number | null> {
  const root = await timesOf(rootPid);
  if (!root) return null;
  let total = root.own + root.reapedChildren;
  for (const entry of await Array.fromAsync(
    new Bun.Glob("[0-9]*").scan({ cwd: "/proc", onlyFiles: false }),
  )) {
    const child = await timesOf(Number(entry));
    if (child?.ppid === rootPid) total += child.own + child.reapedChildren;
  }
  return total;
}
