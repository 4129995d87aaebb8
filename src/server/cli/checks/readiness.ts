import type { ServerConfig } from "../../config.ts";
import { describeConfigProblem, reviewConfig } from "../../config-problems.ts";
import { checkAssets } from "./build-check.ts";
import { type CheckLine, ok, problem, runCheck, skipped } from "./check-line.ts";
import { checkDataFolder } from "./data-folder-check.ts";
import { checkDatabase } from "./database-check.ts";
import { checkRedis } from "./redis-check.ts";
import { checkS3 } from "./s3-check.ts";
import { checkSmtp } from "./smtp-check.ts";

interface ReadinessCheck {
  name: string;
  /** The variables it is configured by: one of them invalid, the check is skipped rather than misled. */
  variables: readonly string[];
  run(config: ServerConfig): Promise<CheckLine>;
}

const readinessChecks: readonly ReadinessCheck[] = [
  { name: "data folder", variables: ["DATA_DIR"], run: (config) => checkDataFolder(config.dataDir) },
  {
    name: "database",
    variables: ["DATABASE_URL", "SQLITE_WAL_LIMIT_MB", "DATA_DIR"],
    run: (config) => checkDatabase(config.database),
  },
  {
    name: "redis",
    variables: ["REDIS_URL"],
    run: async (config) =>
      config.redisUrl
        ? checkRedis(config.redisUrl)
        : ok("redis", "REDIS_URL not set: realtime stays in this process"),
  },
  {
    name: "s3",
    variables: ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"],
    run: async (config) =>
      config.storage.kind === "s3"
        ? checkS3(config.storage)
        : ok("s3", `S3_BUCKET not set: files are kept in ${config.storage.dir}`),
  },
  { name: "smtp", variables: ["SMTP_URL", "MAIL_FROM"], run: async (config) => checkSmtp(config.smtp) },
  { name: "assets", variables: ["DIST_DIR"], run: (config) => checkAssets(config.distDir) },
];

/**
 * Everything `gleam serve` needs, checked from the same environment: every invalid variable first, then
 * each connection and folder (side by side, each within its deadline) whose variables are valid.
 */
export async function checkReadiness(
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): Promise<CheckLine[]> {
  const review = reviewConfig(env, cwd);
  const configLines =
    review.problems.length === 0
      ? [ok("configuration", "every variable valid")]
      : review.problems.map((error) => problem("configuration", describeConfigProblem(error)));
  const invalid = new Set(review.problems.map((error) => error.variable));
  const config = review.config;
  const checkLines = await Promise.all(
    readinessChecks.map((check) => {
      if (!config) return skipped(check.name, "the configuration could not be read: fix it first");
      const blocking = check.variables.filter((variable) => invalid.has(variable));
      if (blocking.length > 0) return skipped(check.name, `fix ${blocking.join(", ")} first`);
      return runCheck(check.name, () => check.run(config));
    }),
  );
  return [...configLines, ...checkLines];
}

export function formatCheckLine(line: CheckLine): string {
  return `${line.outcome.padEnd(8)}${line.name}: ${line.detail}`;
}
