import { resolve } from "node:path";
import type { ParseArgsOptionsConfig } from "node:util";
import { UsageError } from "./command.ts";

/**
 * A command's flags and positionals, strictly: an unknown flag or a flag without its value is a usage
 * error (exit 2 with the command's help), never an exception with a stack.
 */
export function parseCommandArguments<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  // Required here: node:util takes about 5 ms to load, which `gleam serve` (no options) need not pay.
  const { parseArgs } = require("node:util") as typeof import("node:util");
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Node's text suggests `--` for a value starting with a dash; commands take no such values.
    throw new UsageError(message.split(". To specify a positional")[0] ?? message);
  }
}

/** A usage error when `command` was given positional arguments (it takes none). */
export function refuseArguments(command: string, positionals: string[]): void {
  if (positionals.length > 0)
    throw new UsageError(`${command} takes no arguments (got "${positionals.join(" ")}")`);
}

/** A flag's value, refused when missing or blank. */
export function requiredFlag(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`${flag} is required`);
  return value;
}

/**
 * The arguments of a command on one archive (`backup`, `restore`): exactly one `<file>`, resolved to an
 * absolute path, and the `--force` flag.
 */
export function parseFileArguments(command: string, args: string[]): { file: string; force: boolean } {
  const { values, positionals } = parseCommandArguments(args, { force: { type: "boolean" } });
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0 ? `${command} needs <file>` : `${command} takes one <file>`,
    );
  return { file: resolve(positionals[0] as string), force: values.force === true };
}
