import { describe, expect, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fixtureWorkDir } from "../test-support/fixture-work-dir.ts";
import { startedBeforeAll } from "../test-support/test-lifecycle.ts";
import type { CommandIo } from "./command.ts";
import { commands, runCommandLine } from "./main.ts";
import { passingCheckLines } from "./test-support/passing-check-lines.ts";

// The command line in-process: what it prints on which stream and the exit code it answers.

interface FakeIo extends CommandIo {
  stdout: string[];
  stderr: string[];
}

function fakeIo(env: Record<string, string | undefined> = {}): FakeIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    env,
    stdout,
    stderr,
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
    readStdin: async () => "",
  };
}

const stackFrame = /^\s+at /m;

const work = startedBeforeAll(() => fixtureWorkDir("cli-main-"));

describe("runCommandLine", () => {
  test("--help lists every command on stdout, exit 0; no command at all is usage on stderr, exit 2", async () => {
    const help = fakeIo();
    expect(await runCommandLine(["--help"], help)).toBe(0);
    for (const command of commands) expect(help.stdout.join("\n")).toContain(`  ${command.name} `);
    const none = fakeIo();
    expect(await runCommandLine([], none)).toBe(2);
    expect(none.stdout).toEqual([]);
    expect(none.stderr.join("\n")).toStartWith("Usage: gleam <command>");
  });

  test("an unknown command is exit 2 with the usage, no stack", async () => {
    const io = fakeIo();
    expect(await runCommandLine(["srve"], io)).toBe(2);
    const text = io.stderr.join("\n");
    expect(text).toStartWith('Unknown command "srve".');
    expect(text).toContain("Usage: gleam <command>");
    expect(text).not.toMatch(stackFrame);
  });

  test("each of serve and check has its help, also as `help <command>`", async () => {
    for (const name of ["serve", "check"]) {
      const io = fakeIo();
      expect(await runCommandLine([name, "--help"], io)).toBe(0);
      expect(io.stdout.join("\n")).toStartWith(`Usage: gleam ${name}`);
      const viaHelp = fakeIo();
      expect(await runCommandLine(["help", name], viaHelp)).toBe(0);
      expect(viaHelp.stdout).toEqual(io.stdout);
    }
  });

  test("serve and check refuse arguments with exit 2, the reason and their usage, no stack", async () => {
    for (const argv of [
      ["serve", "--port", "80"],
      ["check", "now"],
    ]) {
      const io = fakeIo();
      expect(await runCommandLine(argv, io)).toBe(2);
      const text = io.stderr.join("\n");
      expect(text).toContain(`${argv[0]} takes no arguments`);
      expect(text).toContain(`Usage: gleam ${argv[0]}`);
      expect(text).not.toMatch(stackFrame);
    }
  });
});

describe("gleam check", () => {
  test("a good environment: one ok line per check on stdout, exit 0", async () => {
    const io = fakeIo({ DATA_DIR: join(work.dir, "data"), DIST_DIR: work.dist });
    expect(await runCommandLine(["check"], io)).toBe(0);
    expect(io.stdout.map((line) => line.split(":")[0])).toEqual(passingCheckLines);
    expect(io.stderr).toEqual([]);
  });

  test("a bad environment: every problem named, exit 1", async () => {
    const file = join(work.dir, "a-file");
    await writeFile(file, "x");
    const io = fakeIo({
      PORT: "eighty",
      LOG_LEVEL: "chatty",
      SMTP_URL: "mailto:team@example.org",
      DATA_DIR: join(file, "data"),
      DIST_DIR: work.dist,
    });
    expect(await runCommandLine(["check"], io)).toBe(1);
    const problems = io.stdout.filter((line) => line.startsWith("problem "));
    expect(problems).toEqual([
      'problem configuration: PORT must be a port number from 0 to 65535, got "eighty"',
      'problem configuration: LOG_LEVEL must be one of debug, info, warn, error, silent, got "chatty"',
      "problem configuration: SMTP_URL must start with smtp:// or smtps://",
      `problem data folder: ${file} is a file, not a folder: set DATA_DIR to a writable folder`,
      `problem database: SQLite ${join(file, "data", "app.sqlite")} does not exist and cannot be created: ${file} is a file, not a folder`,
    ]);
    expect(io.stdout).toContain("skipped smtp: fix SMTP_URL first");
  });
});
