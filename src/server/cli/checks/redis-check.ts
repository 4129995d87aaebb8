import { RedisClient } from "bun";
import { maskedUrl } from "../command-database.ts";
import { type CheckLine, ok, problem } from "./check-line.ts";

const name = "redis";

/** Connects once (no retries: a refused connection is the answer) and sends PING. */
export async function checkRedis(url: string): Promise<CheckLine> {
  const where = maskedUrl(url);
  const client = new RedisClient(url, { connectionTimeout: 5000, autoReconnect: false, maxRetries: 0 });
  try {
    await client.connect();
    const answer = await client.send("PING", []);
    return answer === "PONG"
      ? ok(name, `${where} answered PING`)
      : problem(name, `${where} answered PING with ${answer}`);
  } catch (error) {
    return problem(name, `${where}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    client.close();
  }
}
