import { join } from "node:path";
import { type ProcessRun, runToEnd } from "../../test-support/process-run.ts";

/** The operator's command line, run from source as its own process (as `gleam <command>` runs). */
const entry = join(import.meta.dir, "..", "main.ts");

export type CliRun = ProcessRun;

/**
 * Runs `gleam …args` with only `env` (and PATH) and, when given, `stdin` piped in and closed; without
 * it stdin is /dev/null, as under cron. Killed after `timeoutMs`.
 */
export function runCli(
  args: string[],
  env: Record<string, string>,
  { stdin, timeoutMs = 20_000 }: { stdin?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return runToEnd([process.execPath, entry, ...args], {
    env: { PATH: process.env.PATH ?? "", PASSWORD_HASH_COST: "test", ...env },
    stdin,
    timeoutMs,
  });
}

/** The password a command printed once, from its "Password (shown once…): …" line. */
export function printedPassword(stdout: string): string {
  const password = /Password \(shown once[^)]*\): (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`no password printed in:\n${stdout}`);
  return password;
}
