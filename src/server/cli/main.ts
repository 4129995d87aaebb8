import { StartupError } from "../startup-error.ts";
import { type Command, CommandError, type CommandIo, exitCodes, UsageError } from "./command.ts";
import { adminCommand } from "./commands/admin.ts";
import { backupCommand } from "./commands/backup.ts";
import { checkCommand } from "./commands/check.ts";
import { migrateCommand } from "./commands/migrate.ts";
import { restoreCommand } from "./commands/restore.ts";
import { serveCommand } from "./commands/serve.ts";

/**
 * The operator's command line: the entry of the compiled binary (`npm run compile`) and of
 * `bun src/server/cli/main.ts`. `<binary> <command> [args]`, `<binary> <command> --help`, `<binary> --help`.
 */
export const commands: readonly Command[] = [
  serveCommand,
  migrateCommand,
  adminCommand,
  backupCommand,
  restoreCommand,
  checkCommand,
];

const programName = "gleam";

export function overview(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    `Usage: ${programName} <command> [options]`,
    "",
    "Commands:",
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    `Run "${programName} <command> --help" for a command's options. Exit codes: 0 done, 1 failed,`,
    "2 bad arguments, 3 refused to protect data.",
  ].join("\n");
}

const processIo: CommandIo = {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  readStdin: async () => (process.stdin.isTTY ? "" : await Bun.stdin.text()),
};

/** Runs one command line and answers its exit code; an operator's mistake never prints a stack trace. */
export async function runCommandLine(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [name, ...args] = argv;
  // `gleam help check` reads as `gleam check --help`.
  if (name === "help" && args.length > 0) return runCommandLine([...args, "--help"], io);
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name === undefined ? io.err : io.out)(overview());
    return name === undefined ? exitCodes.usage : exitCodes.ok;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".\n\n${overview()}`);
    return exitCodes.usage;
  }
  if (args.includes("--help") || args.includes("-h")) {
    io.out(command.help);
    return exitCodes.ok;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.help}`);
      return exitCodes.usage;
    }
    if (error instanceof CommandError) {
      io.err(error.message);
      return error.exitCode;
    }
    if (error instanceof StartupError) {
      io.err(error.message);
      return exitCodes.failed;
    }
    // Not the operator's mistake, but still one line on a terminal; LOG_LEVEL=debug shows where it came from.
    io.err(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    if (io.env.LOG_LEVEL?.trim() === "debug" && error instanceof Error && error.stack) io.err(error.stack);
    return exitCodes.failed;
  }
}

if (import.meta.main) process.exitCode = await runCommandLine(process.argv.slice(2));
