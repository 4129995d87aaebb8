import { S3Client } from "bun";
import type { StorageTarget } from "../../config.ts";
import { type CheckLine, ok, problem } from "./check-line.ts";

const name = "s3";

type S3Target = Extract<StorageTarget, { kind: "s3" }>;

/**
 * Writes a small object and deletes it: what the server does with uploads, so credentials, bucket,
 * endpoint and permissions are all proven at once (a list would need a permission the server does not).
 */
export async function checkS3(target: S3Target): Promise<CheckLine> {
  const where = `bucket ${target.bucket}${target.endpoint ? ` at ${target.endpoint}` : ""}`;
  const client = new S3Client({
    bucket: target.bucket,
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    ...(target.region ? { region: target.region } : {}),
    ...(target.accessKeyId ? { accessKeyId: target.accessKeyId } : {}),
    ...(target.secretAccessKey ? { secretAccessKey: target.secretAccessKey } : {}),
  });
  const probe = client.file(`gleam-check-${crypto.randomUUID()}`);
  try {
    await probe.write("ok", { type: "text/plain" });
    await probe.delete();
    return ok(name, `${where}: an object written and deleted`);
  } catch (error) {
    return problem(name, `${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
