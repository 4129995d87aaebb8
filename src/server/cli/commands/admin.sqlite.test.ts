import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { migrations } from "../../database/migrations.ts";
import {
  type FixtureWorkDir,
  fixtureWorkDir,
  loopbackServerEnv,
} from "../../test-support/fixture-work-dir.ts";
import { type ServerProcess, startServerProcess } from "../../test-support/server-process.ts";
import { processTestTimeoutMs } from "../../test-support/test-timeouts.ts";
import { printedPassword, runCli } from "../test-support/cli-process.ts";
import { migratedDataFolder } from "../test-support/migrated-data-folder.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * `gleam admin` as an operator runs it: its own process on a data folder, beside the real server
 * process on the same SQLite database, and the accounts it makes signing in through the sign-in API.
 */
let work: FixtureWorkDir;
let dataDir: string;
let server: ServerProcess;

const env = () => ({ DATA_DIR: dataDir });

beforeAll(async () => {
  work = await fixtureWorkDir("cli-admin-");
  dataDir = join(work.dir, "data");
});

afterAll(async () => {
  await server?.stop();
  await work?.dispose();
});

function startServer(): Promise<ServerProcess> {
  return startServerProcess({
    ...loopbackServerEnv(work),
    LOG_LEVEL: "warn",
    CAPTCHA_PROVIDER: "off",
  });
}

function signIn(login: string, password: string): Promise<Response> {
  return fetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
}

async function signedIn(
  login: string,
  password: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const response = await signIn(login, password);
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

const profile = (token: string) =>
  fetch(`${server.mainUrl}/api/admin/profile`, { headers: { Authorization: `Bearer ${token}` } });

describe("gleam admin create", () => {
  test("on a new data folder: migrates, takes the piped password, and the admin signs in to the dashboard", async () => {
    const run = await runCli(
      ["admin", "create", "--email", "Ada@Example.com", "--name", "Ada Lovelace"],
      env(),
      {
        stdin: "first-admin-password\n",
      },
    );
    expect(run).toMatchObject({ exitCode: 0, stderr: "" });
    expect(run.stdout).toMatch(/The database .+ was empty: applied \d+ migrations/);
    expect(run.stdout).toContain('Created ADMIN ada@example.com (nickname "ada")');
    expect(run.stdout).not.toContain("Password (shown once");

    server = await startServer();
    const { access_token } = await signedIn("ada@example.com", "first-admin-password");
    const answer = await profile(access_token);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      name: "ada",
      email: "ada@example.com",
      displayName: "Ada Lovelace",
    });
  });

  test("beside the running server: a generated password, printed once, signs in by e-mail and by nickname", async () => {
    const run = await runCli(
      ["admin", "create", "--email", "grace@example.com", "--name", "Grace Hopper", "--nickname", "grace.h"],
      env(),
    );
    expect(run.exitCode).toBe(0);
    const password = printedPassword(run.stdout);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(run.stdout.split(password)).toHaveLength(2);
    expect((await profile((await signedIn("grace@example.com", password)).access_token)).status).toBe(200);
    expect((await profile((await signedIn("grace.h", password)).access_token)).status).toBe(200);
  });

  test("--role USER makes a platform account the dashboard turns away", async () => {
    const run = await runCli(
      ["admin", "create", "--email", "user@example.com", "--name", "Us Er", "--role", "user"],
      env(),
      {
        stdin: "platform-user-password\n",
      },
    );
    expect(run.stdout).toContain("Created USER user@example.com");
    expect(
      (await profile((await signedIn("user@example.com", "platform-user-password")).access_token)).status,
    ).toBe(403);
  });

  test("an address already taken, a bad address or name, a short password: one clear line, exit 1", async () => {
    const cases: Array<[string[], string | undefined, string]> = [
      [
        ["--email", "ada@example.com", "--name", "Again"],
        "another-password\n",
        "A user with this email already exists: ada@example.com",
      ],
      [
        ["--email", "not-an-address", "--name", "X Y"],
        "another-password\n",
        "--email: Email format is not valid",
      ],
      [
        ["--email", "n@example.com", "--name", "N", "--nickname", "grace.h"],
        "another-password\n",
        "A user with this name already exists: grace.h",
      ],
      [
        ["--email", "p@example.com", "--name", "P"],
        "short\n",
        "the password must be 8 to 128 characters long",
      ],
      [["--email", "p@example.com", "--name", "P"], "two\nlines\n", "stdin must hold one line"],
    ];
    for (const [args, stdin, message] of cases) {
      const run = await runCli(["admin", "create", ...args], env(), { stdin });
      expect({ args, exitCode: run.exitCode, stdout: run.stdout }).toEqual({ args, exitCode: 1, stdout: "" });
      expect(run.stderr.trim()).toContain(message);
      expect(run.stderr).not.toContain("    at ");
    }
  });
});

describe("gleam admin reset-password", () => {
  test("sets the new password and ends every sign-in made with the old one", async () => {
    const old = await signedIn("ada@example.com", "first-admin-password");
    expect((await profile(old.access_token)).status).toBe(200);

    const run = await runCli(["admin", "reset-password", "--email", "ada@example.com"], env(), {
      stdin: "second-admin-password\n",
    });
    expect(run).toMatchObject({ exitCode: 0, stderr: "" });
    expect(run.stdout).toContain("every sign-in of it has ended");

    expect((await signIn("ada@example.com", "first-admin-password")).status).toBe(401);
    expect((await profile(old.access_token)).status).toBe(401);
    const refreshed = await fetch(`${server.mainUrl}/api/auth/refresh`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: old.refresh_token }),
    });
    expect(refreshed.status).toBe(401);
    expect((await profile((await signedIn("ada", "second-admin-password")).access_token)).status).toBe(200);
  });

  test("without a piped password one is generated and printed once; an unknown address is exit 1", async () => {
    const run = await runCli(["admin", "reset-password", "--email", "grace@example.com"], env());
    expect(run.exitCode).toBe(0);
    await signedIn("grace@example.com", printedPassword(run.stdout));

    const unknown = await runCli(["admin", "reset-password", "--email", "nobody@example.com"], env());
    expect(unknown).toEqual({
      exitCode: 1,
      stdout: "",
      stderr: "No account has the e-mail address nobody@example.com\n",
    });
  });
});

describe("arguments and the database's state", () => {
  test("--help answers 0; missing or unknown arguments answer 2 with the usage and no stack", async () => {
    const help = await runCli(["admin", "--help"], env());
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toStartWith("Usage: gleam admin create --email");
    for (const args of [
      ["admin"],
      ["admin", "promote"],
      ["admin", "create", "--name", "No Mail"],
      ["admin", "create", "--email", "a@example.com"],
      ["admin", "create", "--email", "a@example.com", "--name", "A", "--colour", "red"],
      ["admin", "create", "--email", "a@example.com", "--name", "A", "--role", "OWNER"],
      ["admin", "reset-password", "--email"],
    ]) {
      const run = await runCli(args, env());
      expect({ args, exitCode: run.exitCode }).toEqual({ args, exitCode: 2 });
      expect(run.stderr).toContain("Usage: gleam admin create");
      expect(run.stderr).not.toContain("    at ");
    }
  });

  test("a database with migrations pending, or one of a newer build, is refused with exit 3", async () => {
    const behind = join(work.dir, "behind");
    const newer = join(work.dir, "newer");
    await migratedDataFolder(behind, { applied: migrations.slice(0, 5) });
    await migratedDataFolder(newer, { newerBuild: true });
    const args = ["admin", "create", "--email", "late@example.com", "--name", "Late"];
    const pending = await runCli(args, { DATA_DIR: behind }, { stdin: "late-admin-password\n" });
    expect(pending.exitCode).toBe(3);
    expect(pending.stderr).toContain("run `gleam migrate` first");
    const ahead = await runCli(args, { DATA_DIR: newer }, { stdin: "late-admin-password\n" });
    expect(ahead.exitCode).toBe(3);
    expect(ahead.stderr).toContain("newer build (migration 9999 unknown here)");
    const reset = await runCli(["admin", "reset-password", "--email", "a@example.com"], {
      DATA_DIR: join(work.dir, "none"),
    });
    expect(reset.exitCode).toBe(1);
    expect(reset.stderr).toContain("No database at");
  });
});
