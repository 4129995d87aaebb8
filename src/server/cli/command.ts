/**
 * One command of the operator's command line (`<binary> <command> [args]`, src/server/cli/main.ts). A command
 * parses its own arguments, prints through `io`, and answers its exit code; it never prints a stack trace
 * for a mistake the operator can fix: it throws `UsageError` for bad arguments (usage, exit 2) or
 * `CommandError` for a refused or failed operation (its message, its code).
 */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full `--help` text: synopsis, arguments, options, environment, exit codes. */
  help: string;
  run(args: string[], io: CommandIo): Promise<number>;
}

export interface CommandIo {
  env: Record<string, string | undefined>;
  out(text: string): void;
  err(text: string): void;
  /** Everything on stdin (a password piped in), or "" when stdin is a terminal. */
  readStdin(): Promise<string>;
}

/** Exit codes every command shares; docs/self-hosting.md lists them. */
export const exitCodes = {
  ok: 0,
  /** The operation failed: a connection refused, a file unreadable, the configuration invalid. */
  failed: 1,
  /** Bad arguments: usage printed. */
  usage: 2,
  /** Refused to protect data: a database newer than the binary, a non-empty folder without --force. */
  refused: 3,
} as const;

export class UsageError extends Error {
  override name = "UsageError";
}

export class CommandError extends Error {
  override name = "CommandError";
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.failed,
  ) {
    super(message);
  }
}
