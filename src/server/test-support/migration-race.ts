import { join } from "node:path";
import { readStdoutUntil } from "./stdout-until.ts";
import { processTestTimeoutMs } from "./test-timeouts.ts";

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
  return { child, printed: { text: "" } };
}

/** Reads the racer's stdout until `marker` came (true) or it ended without it (false); null reads to its end. */
const readUntil = (racer: Racer, marker: string | null) =>
  readStdoutUntil(
    racer.child.stdout,
    racer.printed,
    (text) => marker !== null && text.includes(marker),
    processTestTimeoutMs,
  );

async function resultOf(racer: Racer): Promise<RacerResult> {
  await readUntil(racer, null);
  const exitCode = await racer.child.exited;
  const output = `${racer.printed.text}${await new Response(racer.child.stderr).text()}`;
  const last = racer.printed.text.trim().split("\n").at(-1) ?? "";
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
