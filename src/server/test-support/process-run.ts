/** What a process printed, and how it ended. */
export interface ProcessRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface ProcessRunOptions {
  env: Record<string, string>;
  cwd?: string;
  /** Piped in and closed; without it stdin is /dev/null, as under cron or systemd. */
  stdin?: string;
  /** Killed (SIGKILL) after this long, so a hung process fails its test instead of the whole file. */
  timeoutMs?: number;
}

/** Runs a command to its end with only the given environment, collecting both outputs. */
export async function runToEnd(command: string[], options: ProcessRunOptions): Promise<ProcessRun> {
  const child = Bun.spawn(command, {
    cwd: options.cwd,
    env: options.env,
    stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
    stdout: "pipe",
    stderr: "pipe",
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
  const [exitCode, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  clearTimeout(timer);
  return { exitCode, stdout, stderr };
}
