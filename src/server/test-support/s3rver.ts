import { join } from "node:path";
import type { S3StorageTarget } from "../storage/s3-file-storage.ts";

export interface FakeS3 {
  /** Where a client reaches it, with the credentials s3rver accepts. */
  target: S3StorageTarget;
  stop(): Promise<void>;
}

const startTimeoutMs = 15_000;

/**
 * Starts s3rver (a fake S3 server) in a Node child process with `bucket` created, on a free loopback
 * port. Closing the child's stdin stops it, so it also goes when the test process dies.
 */
export async function startFakeS3(bucket = "test-bucket"): Promise<FakeS3> {
  const child = Bun.spawn(["node", join(import.meta.dir, "s3rver-process.cjs"), bucket], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  const stop = async () => {
    child.stdin.end();
    const exited = await Promise.race([child.exited, Bun.sleep(5_000).then(() => null)]);
    if (exited === null) child.kill();
  };
  const firstLine = async (): Promise<string> => {
    let text = "";
    for await (const chunk of child.stdout) {
      text += new TextDecoder().decode(chunk);
      if (text.includes("\n")) return text.trim();
    }
    throw new Error(`s3rver exited before listening: ${await new Response(child.stderr).text()}`);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`s3rver did not start within ${startTimeoutMs} ms`)),
      startTimeoutMs,
    );
  });
  try {
    const port = Number(await Promise.race([firstLine(), timeout]));
    if (!Number.isInteger(port) || port <= 0) throw new Error("s3rver printed no port");
    return {
      target: {
        kind: "s3",
        bucket,
        endpoint: `http://127.0.0.1:${port}`,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
