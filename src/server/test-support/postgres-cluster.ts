import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeLoopbackPorts } from "./free-ports.ts";

/** Where Debian's `postgresql` package puts each major version's programs (not on PATH). */
export const debianPostgresRoot = "/usr/lib/postgresql";

/**
 * The bin folder of the newest PostgreSQL among `versions` (the folder names under
 * /usr/lib/postgresql) that has an initdb, or null.
 */
export function newestPostgresBin(
  versions: readonly string[],
  hasInitdb: (bin: string) => boolean,
  root = debianPostgresRoot,
): string | null {
  const numbered = versions
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of numbered) {
    const bin = join(root, version, "bin");
    if (hasInitdb(bin)) return bin;
  }
  return null;
}

/** This machine's PostgreSQL programs, or null when Debian's `postgresql` is not installed. */
export function findPostgresBin(root = debianPostgresRoot): string | null {
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return null;
  }
  return newestPostgresBin(versions, (bin) => existsSync(join(bin, "initdb")), root);
}

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

/**
 * Who runs the cluster when this process is root (PostgreSQL refuses to run as root): `postgres`
 * (Debian's package creates it), else `nobody`. `passwd` is /etc/passwd's text.
 */
export function clusterAccount(passwd: string): Account | null {
  const accounts = new Map<string, Account>();
  for (const line of passwd.split("\n")) {
    const [name = "", , uid = "", gid = ""] = line.split(":");
    if (name && /^\d+$/.test(uid) && /^\d+$/.test(gid))
      accounts.set(name, { name, uid: Number(uid), gid: Number(gid) });
  }
  return accounts.get("postgres") ?? accounts.get("nobody") ?? null;
}

export interface PostgresCluster {
  /** A superuser URL on loopback (trust auth), database `postgres`: tests create theirs from it. */
  url: string;
  /** Stops the server and removes its data folder; safe to call twice. */
  stop(): Promise<void>;
}

/** Runs one PostgreSQL program as `account` (or as this process), rejecting with its output on failure. */
function run(program: string, args: string[], account: Account | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
      // initdb and pg_ctl read HOME and the locale; the C locale needs no generated locales.
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C", LC_ALL: "C" },
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} ${args.join(" ")} failed (exit ${code}):\n${output}`));
    });
  });
}

/**
 * Settings for a cluster that lives for one test run: loopback only, no Unix socket, and durability
 * off (a crash loses nothing anyone keeps), which makes CREATE DATABASE and migrations several times faster;
 * recent WAL kept for the benches that read it.
 */
function serverOptions(port: number): string {
  return [
    "listen_addresses=127.0.0.1",
    `port=${port}`,
    "unix_socket_directories=''",
    "max_connections=300",
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    // The WAL of the last half gigabyte stays readable (pg_walinspect), though the whole suite writes
    // beside a bench that counts its own records in it.
    "wal_keep_size=512MB",
  ]
    .map((setting) => `-c ${setting}`)
    .join(" ");
}

/**
 * A throwaway PostgreSQL cluster (Debian's `postgresql`; `npm test`'s pretest installs it): initdb into
 * a temporary folder, started with pg_ctl on a free loopback port, trust auth for its superuser
 * `postgres`. As root it runs as the `postgres` (or `nobody`) account.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      `PostgreSQL is not installed (no ${debianPostgresRoot}/<version>/bin/initdb): run \`sudo apt-get install -y postgresql\``,
    );
  const account = process.getuid?.() === 0 ? clusterAccount(readFileSync("/etc/passwd", "utf8")) : null;
  if (process.getuid?.() === 0 && !account)
    throw new Error("running as root, but neither a postgres nor a nobody account exists to run PostgreSQL");
  const workDir = await mkdtemp(join(tmpdir(), "test-postgres-"));
  const dataDir = join(workDir, "data");
  if (account) await chown(workDir, account.uid, account.gid);
  let started = false;
  // One stop for every caller: a second call waits for the first to finish removing the folder.
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      if (started)
        await run(join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-w"], account).catch(
          () => {},
        );
      await rm(workDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  try {
    await run(
      join(bin, "initdb"),
      ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
      account,
    );
    const [port = 0] = freeLoopbackPorts(1);
    started = true;
    await run(
      join(bin, "pg_ctl"),
      [
        "start",
        "-D",
        dataDir,
        "-l",
        join(workDir, "server.log"),
        "-w",
        "-t",
        "60",
        "-o",
        serverOptions(port),
      ],
      account,
    );
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    const log = await Bun.file(join(workDir, "server.log"))
      .text()
      .catch(() => "");
    await stop();
    throw log ? new Error(`${error instanceof Error ? error.message : error}\n${log}`) : error;
  }
}
