import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { RedisClient, S3Client } from "bun";
import type { StorageTarget } from "../config.ts";

/**
 * One dependency's answer to "are you there?": resolves when it answered, rejects with what went
 * wrong otherwise. The caller bounds it in time (readiness.ts).
 */
export type Probe = () => Promise<void>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The database: `Database.ping()`'s `SELECT 1`. */
export function databaseProbe(ping: () => Promise<boolean>): Probe {
  return async () => {
    if (!(await ping())) throw new Error("SELECT 1 failed");
  };
}

/**
 * Redis: a PING on a connection of its own, so a probe never queues behind the fan-out's or the rate
 * limits' commands. Commands are not queued while it is down (they fail at once), and a connection
 * that failed is dropped and made anew at the next probe.
 */
export function redisProbe(url: string): Probe & { close(): void } {
  let client: RedisClient | null = null;
  const drop = () => {
    client?.close();
    client = null;
  };
  const probe = async () => {
    try {
      client ??= new RedisClient(url, {
        enableOfflineQueue: false,
        autoReconnect: false,
        connectionTimeout: 1000,
      });
      if (!client.connected) await client.connect();
      const answer = await client.send("PING", []);
      if (answer !== "PONG") throw new Error(`PING answered ${JSON.stringify(answer)}`);
    } catch (error) {
      drop();
      // The URL may carry a password: the message never names it, only what went wrong.
      throw new Error(messageOf(error).replaceAll(url, "REDIS_URL"));
    }
  };
  return Object.assign(probe, { close: drop });
}

/** The object an S3 probe reads: written once by the first probe that finds it missing. */
export const s3ProbeKey = "readiness-probe";

/**
 * Where files go. On S3, a HEAD of a small marker object, written when missing: that proves the
 * endpoint, the credentials and the object permissions the server uses, and needs no ListBucket, which
 * the server's own policy need not grant. In a folder, a file written and removed there (the folder
 * exists or can be made, and takes writes).
 */
export function storageProbe(target: StorageTarget): Probe {
  if (target.kind === "local") {
    // Keys start with a letter or digit (local-file-storage.ts), so no stored file can have this name.
    const probeFile = join(target.dir, ".readiness-probe");
    return async () => {
      await mkdir(target.dir, { recursive: true });
      await writeFile(probeFile, "ok");
      await rm(probeFile, { force: true });
    };
  }
  const marker = new S3Client({
    bucket: target.bucket,
    endpoint: target.endpoint,
    region: target.region,
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
  }).file(s3ProbeKey);
  return async () => {
    if (!(await marker.exists())) await marker.write("ok", { type: "text/plain" });
  };
}
