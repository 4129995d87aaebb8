import { resolve } from "node:path";
import { type PasswordHashCost, passwordHashCosts } from "./auth/password-hashing.ts";
import { allowedHostEntryProblem } from "./domain/webhooks/webhook-address-rules.ts";
import { trustedProxyEntryProblem } from "./http/client-address.ts";
import { StartupError } from "./startup-error.ts";

/**
 * The server's whole configuration, read once from the environment at start.
 * Every variable is documented in docs/configuration.md; defaults live here only.
 */
export interface ServerConfig {
  host: string;
  port: number;
  messengerPort: number;
  /**
   * The port of the Prometheus metrics listener (`GET /metrics`), on `metricsHost`; unset: no listener.
   * It is a third listener so the figures are never served on the public origins.
   */
  metricsPort?: number;
  /** Where the metrics listener binds: loopback unless an operator opens it to their scraper's network. */
  metricsHost: string;
  /** Public URL of the main origin; unset means http://localhost:{bound port}. */
  publicUrl?: string;
  /** Public URL of the messenger origin (the frame sits at its root); unset means the bound port. */
  messengerUrl?: string;
  dataDir: string;
  distDir: string;
  database: DatabaseTarget;
  seedDemo: boolean;
  /** How much demo data a first seed writes: the platform data set, or only the admin and widget project. */
  demoData: DemoDataSize;
  logLevel: LogLevel;
  /** argon2id strength of new password hashes; `test` only for test servers (password-hashing.ts). */
  passwordHashCost: PasswordHashCost;
  /** Redis for realtime fan-out across processes; unset keeps it in-process. */
  redisUrl?: string;
  /** Where uploads and large report parts are kept. */
  storage: StorageTarget;
  /** Per-IP and per-session limits of the widget API; off only for load tests on loopback. */
  rateLimits: boolean;
  captcha: CaptchaSettings;
  /** Whether new accounts may register on the platform. */
  registrationEnabled: boolean;
  /** SMTP delivery of the mail outbox; unset keeps mail in the `mail_outbox` table only. */
  smtp?: { url: string; from: string };
  /**
   * Minutes a visitor's message may wait unread by staff before the assignee (or, for an unassigned
   * conversation, the admins who asked for it) is mailed a digest about it; 0 turns the e-mail off.
   */
  unreadMailMinutes: number;
  /**
   * Unread-alert mails queued per hour at most, over every admin and server process; past it they
   * are not queued (and a warning is logged once that hour).
   */
  unreadMailsPerHour: number;
  /** How users' reports take tasks out of play. */
  taskReports: TaskReportRules;
  /**
   * Host names (`mock.internal`, `*.dev.internal`), addresses and ranges (`127.0.0.0/8`) webhooks may
   * reach besides public addresses (webhook-address-rules.ts); empty in production.
   */
  webhookAllowedHosts: string[];
  /**
   * Addresses and ranges of the reverse proxies in front of the server, whose `X-Forwarded-For` names
   * the client (client-address.ts); empty: the connection's peer is the client.
   */
  trustedProxies: string[];
  /** Widget reports one scope may send per window, where set (the defaults are in report-quotas.ts). */
  reportLimits: ReportCountLimits;
  /**
   * Free space the data folder's disk must keep: below it every write is refused with 503, below four
   * times it a warning is logged (disk-space-watch.ts); 0 turns the watch off.
   */
  diskMinFreeBytes: number;
  /**
   * How long a stop (SIGTERM, SIGINT) lets the requests under way finish and the queued work flush
   * before it cuts what is left and closes the database (graceful-shutdown.ts).
   */
  shutdownTimeoutMs: number;
}

/**
 * `REPORTS_PER_SESSION` (a minute), `REPORTS_PER_IP` (an hour) and `REPORTS_PER_PROJECT` (a UTC day):
 * a site with a noisy crash loop, or a busy office behind one address, can raise them without a build.
 */
export interface ReportCountLimits {
  session?: number;
  ip?: number;
  project?: number;
}

export interface TaskReportRules {
  /** Open reports from this many distinct users hide a task until an admin resolves them. */
  hideAfterReporters: number;
  /** Reports one user may file in 24 hours. */
  perUserPerDay: number;
}

/**
 * Four digests an hour for 25 admins: well above what a team gets from real visitors, and a bound on
 * what a flood of conversations can make the server send.
 */
export const defaultUnreadMailsPerHour = 100;

/** Three users must agree before a task leaves play; ten reports a day is more than an honest user files. */
export const defaultTaskReportRules: TaskReportRules = { hideAfterReporters: 3, perUserPerDay: 10 };

export interface CaptchaSettings {
  provider: "altcha" | "recaptcha" | "turnstile" | "off";
  siteKey?: string;
  secretKey?: string;
  /** reCAPTCHA v3 score a login needs. */
  minScore: number;
  /** Where siteverify is asked (tests point it at a local stand-in). */
  verifyUrl?: string;
}

export type StorageTarget =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      endpoint?: string;
      region?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
    };

export type DatabaseTarget = SqliteTarget | { engine: "postgres"; url: string };

export interface SqliteTarget {
  engine: "sqlite";
  filename: string;
  /** The size the WAL is held under (SQLITE_WAL_LIMIT_MB; sqlite-wal-checkpointer.ts). */
  walLimitBytes?: number;
}

export const demoDataSizes = ["full", "minimal"] as const;
export type DemoDataSize = (typeof demoDataSizes)[number];

export const logLevels = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

/** Thrown for a bad environment value; its message is the one line printed before exit 1. */
export class ConfigError extends StartupError {
  override name = "ConfigError";
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

// Hand-written rather than a schema library: each variable needs its own coercion and a message that
// names it, and the whole module is smaller than the glue a generic validator would need.
function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(name, `must be a port number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

function readUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(name, `must be 1 or 0 (or true/false), got "${env[name]}"`);
}

function readEnum<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(", ")}, got "${raw}"`);
  }
  return raw as T;
}

function readPositiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 1_000_000) {
    throw new ConfigError(name, `must be a whole number from 1 to 1000000, got "${raw}"`);
  }
  return Number(raw);
}

function readReportCountLimits(env: Env): ReportCountLimits {
  const limit = (name: string) => {
    const value = readPositiveInteger(env, name, 0);
    return value === 0 ? undefined : value;
  };
  return {
    session: limit("REPORTS_PER_SESSION"),
    ip: limit("REPORTS_PER_IP"),
    project: limit("REPORTS_PER_PROJECT"),
  };
}

/** Megabytes as a whole number from `min` up to a terabyte. */
function readMegabytes(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback * 1024 * 1024;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > 1_048_576) {
    throw new ConfigError(name, `must be a whole number of megabytes from ${min} to 1048576, got "${raw}"`);
  }
  return Number(raw) * 1024 * 1024;
}

/** Minutes as a number, fractions allowed (a test waits seconds, not minutes), up to a week. */
function readMinutes(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > 10_080) {
    throw new ConfigError(name, `must be a number of minutes from 0 to 10080, got "${raw}"`);
  }
  return Number(raw);
}

function readDatabase(env: Env, dataDir: string, cwd: string): DatabaseTarget {
  const raw = env.DATABASE_URL?.trim();
  const walLimitBytes = readMegabytes(env, "SQLITE_WAL_LIMIT_MB", 64, 4);
  if (raw === undefined || raw === "")
    return { engine: "sqlite", filename: resolve(dataDir, "app.sqlite"), walLimitBytes };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError("DATABASE_URL", "is not a valid postgres:// URL");
    }
    return { engine: "postgres", url: raw };
  }
  if (raw.startsWith("sqlite://")) {
    const path = raw.slice("sqlite://".length);
    if (path === "") throw new ConfigError("DATABASE_URL", "sqlite:// needs a file path");
    return { engine: "sqlite", filename: path === ":memory:" ? path : resolve(cwd, path), walLimitBytes };
  }
  // Never echo the value: it may carry a password.
  throw new ConfigError("DATABASE_URL", "must start with postgres://, postgresql:// or sqlite://");
}

function readRedisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL?.trim();
  if (raw === undefined || raw === "") return undefined;
  // Never echo the value: it may carry a password.
  if (!/^rediss?:\/\/[^\s]+$/.test(raw))
    throw new ConfigError("REDIS_URL", "must start with redis:// or rediss://");
  return raw;
}

function readStorage(env: Env, dataDir: string): StorageTarget {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { kind: "local", dir: resolve(dataDir, "files") };
  const endpoint = readUrl(env, "S3_ENDPOINT");
  const optional = (name: string) => env[name]?.trim() || undefined;
  return {
    kind: "s3",
    bucket,
    endpoint,
    region: optional("S3_REGION"),
    accessKeyId: optional("S3_ACCESS_KEY_ID"),
    secretAccessKey: optional("S3_SECRET_ACCESS_KEY"),
  };
}

function readSmtp(env: Env): { url: string; from: string } | undefined {
  const url = env.SMTP_URL?.trim();
  if (!url) return undefined;
  // Never echo the value: it may carry a password.
  if (!/^smtps?:\/\/[^\s]+$/.test(url))
    throw new ConfigError("SMTP_URL", "must start with smtp:// or smtps://");
  return { url, from: env.MAIL_FROM?.trim() || "Morph Admin <no-reply@localhost>" };
}

function readCaptcha(env: Env): CaptchaSettings {
  const provider = readEnum(
    env,
    "CAPTCHA_PROVIDER",
    ["altcha", "recaptcha", "turnstile", "off"] as const,
    "altcha",
  );
  const siteKey = env.CAPTCHA_SITE_KEY?.trim() || undefined;
  const secretKey = env.CAPTCHA_SECRET_KEY?.trim() || undefined;
  if ((provider === "recaptcha" || provider === "turnstile") && (!siteKey || !secretKey)) {
    throw new ConfigError("CAPTCHA_PROVIDER", `${provider} needs CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY`);
  }
  const minScore = Number(env.CAPTCHA_MIN_SCORE ?? "0.5");
  if (!(minScore >= 0 && minScore <= 1))
    throw new ConfigError("CAPTCHA_MIN_SCORE", "must be a number from 0 to 1");
  return { provider, siteKey, secretKey, minScore, verifyUrl: readUrl(env, "CAPTCHA_VERIFY_URL") };
}

/**
 * A comma-separated list variable (`WEBHOOK_ALLOWED_HOSTS`, `TRUSTED_PROXIES`): its entries lower-cased,
 * the empty ones dropped, and each checked by `problemOf`, the first bad one refused by its text.
 */
function readEntryList(env: Env, name: string, problemOf: (entry: string) => string | null): string[] {
  const entries = (env[name] ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  for (const entry of entries) {
    const problem = problemOf(entry);
    if (problem) throw new ConfigError(name, `entry "${entry}" ${problem}`);
  }
  return entries;
}

/** `METRICS_PORT`: unset or empty turns the listener off; it may not take an origin's port. */
function readMetricsPort(env: Env, port: number, messengerPort: number): number | undefined {
  if (!env.METRICS_PORT?.trim()) return undefined;
  const metricsPort = readPort(env, "METRICS_PORT", 0);
  for (const [name, taken] of [
    ["PORT", port],
    ["MESSENGER_PORT", messengerPort],
  ] as const)
    if (metricsPort !== 0 && metricsPort === taken)
      throw new ConfigError("METRICS_PORT", `must differ from ${name} (both are ${taken})`);
  return metricsPort;
}

/** `METRICS_HOST`: an address or host name to bind (`127.0.0.1`, `0.0.0.0`, `::1`, `10.0.0.5`). */
function readMetricsHost(env: Env): string {
  const raw = env.METRICS_HOST?.trim();
  if (raw === undefined || raw === "") return "127.0.0.1";
  if (!/^[\w.:-]+$/.test(raw))
    throw new ConfigError("METRICS_HOST", `must be an address or host name to listen on, got "${raw}"`);
  return raw;
}

export function loadConfig(env: Env, cwd = process.cwd()): ServerConfig {
  const port = readPort(env, "PORT", 3000);
  const messengerPort = readPort(env, "MESSENGER_PORT", 3001);
  if (port !== 0 && port === messengerPort) {
    throw new ConfigError("MESSENGER_PORT", `must differ from PORT (both are ${port})`);
  }
  const metricsPort = readMetricsPort(env, port, messengerPort);
  const dataDirRaw = env.DATA_DIR?.trim();
  const dataDir = resolve(cwd, dataDirRaw ? dataDirRaw : "data");
  const distDirRaw = env.DIST_DIR?.trim();
  return {
    host: env.HOST?.trim() || "0.0.0.0",
    port,
    messengerPort,
    metricsPort,
    metricsHost: readMetricsHost(env),
    publicUrl: readUrl(env, "PUBLIC_URL"),
    messengerUrl: readUrl(env, "MESSENGER_URL"),
    dataDir,
    distDir: resolve(cwd, distDirRaw ? distDirRaw : "dist"),
    database: readDatabase(env, dataDir, cwd),
    seedDemo: readBoolean(env, "SEED_DEMO", true),
    demoData: readEnum(env, "DEMO_DATA", demoDataSizes, "full"),
    logLevel: readEnum(env, "LOG_LEVEL", logLevels, "info"),
    passwordHashCost: readEnum(env, "PASSWORD_HASH_COST", passwordHashCosts, "production"),
    redisUrl: readRedisUrl(env),
    storage: readStorage(env, dataDir),
    rateLimits: readBoolean(env, "RATE_LIMITS", true),
    captcha: readCaptcha(env),
    registrationEnabled: readBoolean(env, "REGISTRATION_ENABLED", true),
    smtp: readSmtp(env),
    unreadMailMinutes: readMinutes(env, "UNREAD_ALERT_MINUTES", 15),
    unreadMailsPerHour: readPositiveInteger(env, "UNREAD_ALERT_MAILS_PER_HOUR", defaultUnreadMailsPerHour),
    taskReports: {
      hideAfterReporters: readPositiveInteger(
        env,
        "TASK_REPORT_THRESHOLD",
        defaultTaskReportRules.hideAfterReporters,
      ),
      perUserPerDay: readPositiveInteger(env, "TASK_REPORTS_PER_DAY", defaultTaskReportRules.perUserPerDay),
    },
    webhookAllowedHosts: readEntryList(env, "WEBHOOK_ALLOWED_HOSTS", allowedHostEntryProblem),
    trustedProxies: readEntryList(env, "TRUSTED_PROXIES", trustedProxyEntryProblem),
    reportLimits: readReportCountLimits(env),
    diskMinFreeBytes: readMegabytes(env, "DISK_MIN_FREE_MB", 512, 0),
    shutdownTimeoutMs: readPositiveInteger(env, "SHUTDOWN_TIMEOUT_MS", 10_000),
  };
}
