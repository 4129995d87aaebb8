import { join } from "node:path";

const entry = join(import.meta.dir, "migrating-process.ts");

export interface RacerResult {
  exitCode: number;
  /** What it applied, when it got to migrate. */
  applied?: string[];
  /** The error it met migrating. */
  error?: string;
  /** Everything it printed, for a failing test's message. */
  output: string;
}

type Racer = ReturnType<typeof spawnRacer>;

function spawnRacer(env: Record<string, string>) {
  const child = Bun.spawn([process.execPath, entry], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  return { child, reader: child.stdout.getReader(), printed: "" };
}

/** Reads the racer's stdout until `marker` came (true) or it ended without it (false). */
async function readUntil(racer: Racer, marker: string | null): Promise<boolean> {
  const decoder = new TextDecoder();
  while (marker === null || !racer.printed.includes(marker)) {
    const { done, value } = await racer.reader.read();
    if (done) return marker === null;
    racer.printed += decoder.decode(value);
  }
  return true;
}

async function resultOf(racer: Racer): Promise<RacerResult> {
  await readUntil(racer, null);
  const exitCode = await racer.child.exited;
  const output = `${racer.printed}${await new Response(racer.child.stderr).text()}`;
  const last = racer.printed.trim().split("\n").at(-1) ?? "";
  const parsed = last.startsWith("{") ? (JSON.parse(last) as { applied?: string[]; error?: string }) : {};
  return { exitCode, ...parsed, output };
}

/**
 * Starts `count` processes (migrating-process.ts) on the database `env` names, lets each open it, then
 * tells all of them at once to migrate (a line on stdin), so they race for the same pending
 * migrations. Answers what each applied or the error it met.
 */
export async function raceMigrations(env: Record<string, string>, count: number): Promise<RacerResult[]> {
  const racers = Array.from({ length: count }, () => spawnRacer(env));
  const ready = await Promise.all(racers.map((racer) => readUntil(racer, "ready\n")));
  for (const [index, racer] of racers.entries()) {
    // One that failed to open has exited; its result says why.
    if (!ready[index]) continue;
    racer.child.stdin.write("go\n");
    await racer.child.stdin.end();
  }
  return Promise.all(racers.map(resultOf));
}
