import type { S3StorageTarget } from "../storage/s3-file-storage.ts";

/** The `S3_*` settings that point a server at `target` (a fake S3 server's bucket); unset ones blank. */
export function s3ServerEnv(target: S3StorageTarget): Record<string, string> {
  return {
    S3_BUCKET: target.bucket,
    S3_ENDPOINT: target.endpoint ?? "",
    S3_REGION: target.region ?? "",
    S3_ACCESS_KEY_ID: target.accessKeyId ?? "",
    S3_SECRET_ACCESS_KEY: target.secretAccessKey ?? "",
  };
}
