import type { SQL } from "bun";
import { describeSize } from "../uploads/upload-quotas.ts";
import { addQuotaUsage, type QuotaUsage, reserveQuotaUsage } from "./report-quota-usage.ts";
import { ReportRefused } from "./report-refused.ts";

/** What one scope may send in one fixed window: reports and request-body bytes, both counted. */
export interface ReportQuota {
  reports: number;
  bytes: number;
  windowMs: number;
}

/**
 * Every report counts for its client IP and its project, and for its widget session when it has one
 * (the reference client always sends it; a report without one is still allowed).
 */
export interface ReportQuotas {
  session: ReportQuota;
  ip: ReportQuota;
  project: ReportQuota;
}

const mb = 1024 * 1024;
const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/**
 * The limits, in one place. A real site does not reach them; a script posting 17 MB reports does in
 * seconds (30 of them took 392 MB of disk in 10.6 s before these existed).
 */
export const defaultReportQuotas: ReportQuotas = {
  // The SDK sends at most one silent crash report per 10 s (6 a minute), a person one or two by hand;
  // 60 MB is three reports at the 20 MB body limit.
  session: { reports: 8, bytes: 60 * mb, windowMs: minuteMs },
  // New sessions cost nothing, so the address bounds a script that starts one per report. A report a
  // minute from one office behind one NAT address fits; 300 MB is fifteen maximal reports.
  ip: { reports: 60, bytes: 300 * mb, windowMs: hourMs },
  // What one site can cost the disk or bucket in a UTC day, whatever its visitors do: the same
  // budget as its uploads.
  project: { reports: 20_000, bytes: 5 * 1024 * mb, windowMs: dayMs },
};

/**
 * The quotas with report counts an operator set (`REPORTS_PER_SESSION`, `REPORTS_PER_IP`,
 * `REPORTS_PER_PROJECT`); each scope keeps its window and byte budget.
 */
export function withReportCounts(
  quotas: ReportQuotas,
  counts: Partial<Record<keyof ReportQuotas, number>>,
): ReportQuotas {
  const scope = (name: keyof ReportQuotas): ReportQuota => {
    const reports = counts[name];
    return reports === undefined ? quotas[name] : { ...quotas[name], reports };
  };
  return { session: scope("session"), ip: scope("ip"), project: scope("project") };
}

const unlimited: ReportQuota = {
  reports: Number.POSITIVE_INFINITY,
  bytes: Number.POSITIVE_INFINITY,
  windowMs: dayMs,
};

/** `RATE_LIMITS=0` (load and end-to-end tests on loopback): nothing is counted. */
export const noReportQuotas: ReportQuotas = { session: unlimited, ip: unlimited, project: unlimited };

type Scope = keyof ReportQuotas;

const windowNames = new Map([
  [minuteMs, "minute"],
  [hourMs, "hour"],
  [dayMs, "day"],
]);
const per = (windowMs: number) => windowNames.get(windowMs) ?? `${Math.round(windowMs / 1000)} seconds`;

function refusalMessage(scope: Scope, quota: ReportQuota, exceeded: "reports" | "bytes"): string {
  const window = per(quota.windowMs);
  if (scope === "project") {
    const budget = exceeded === "reports" ? `${quota.reports} reports` : describeSize(quota.bytes);
    return `This project's report quota of ${budget} per ${window} is used up`;
  }
  const who = scope === "session" ? "session" : "network";
  return exceeded === "reports"
    ? `Too many reports: at most ${quota.reports} per ${who} per ${window}`
    : `Report quota reached: ${describeSize(quota.bytes)} per ${who} per ${window}`;
}

const isLimited = (quota: ReportQuota) => Number.isFinite(quota.reports) || Number.isFinite(quota.bytes);

/** One report's place in the quotas, from admission until it is stored or refused. */
export interface ReportAllowance {
  /**
   * Counts bytes that were not declared up front (a body without Content-Length, once read); throws
   * {@link ReportRefused} when they do not fit, and then nothing of them is counted.
   */
  addBytes(bytes: number): Promise<void>;
  /** Gives the reservation back: the report failed for a reason that is not the sender's. */
  refund(): Promise<void>;
}

export interface ReportLimiter {
  /**
   * Reserves one report and `declaredBytes` in every scope at once, or throws {@link ReportRefused}
   * with nothing reserved.
   */
  admit(request: {
    sessionId: string | null;
    ip: string;
    projectId: string;
    declaredBytes: number;
  }): Promise<ReportAllowance>;
}

/**
 * Quotas counted in `report_quota_usage` (migration 011): fixed windows aligned to the epoch, so a
 * day is a UTC day (ended windows go with the server's minute sweep). A reservation is counted
 * before the body is read, so a flood of parallel requests cannot all see the quota free, and an
 * attempt that turns out invalid still counts: its body was read and parsed all the same.
 */
export function createReportLimiter(
  sql: SQL,
  quotas: ReportQuotas,
  now: () => number = Date.now,
): ReportLimiter {
  const scopes = (["session", "ip", "project"] as const).filter((scope) => isLimited(quotas[scope]));

  function keysOf(ids: Record<Scope, string | null>, time: number) {
    return scopes.flatMap((scope) => {
      const id = ids[scope];
      if (id === null) return [];
      const quota = quotas[scope];
      const start = Math.floor(time / quota.windowMs) * quota.windowMs;
      return [{ scope, quota, key: `${scope}:${id}:${start}`, expiresAt: start + quota.windowMs }];
    });
  }
  type Counted = ReturnType<typeof keysOf>[number];

  function check(counted: Counted, usage: QuotaUsage, time: number) {
    const { scope, quota, expiresAt } = counted;
    const exceeded = usage.reports > quota.reports ? "reports" : usage.bytes > quota.bytes ? "bytes" : null;
    if (exceeded === null) return;
    // The window's end is when the scope may send again.
    const retryAfter = Math.max(1, Math.ceil((expiresAt - time) / 1000));
    throw new ReportRefused(429, refusalMessage(scope, quota, exceeded), retryAfter);
  }

  /** Adds `reports` and `bytes` to every key in one transaction; a refusal rolls all of it back. */
  async function count(counted: Counted[], reports: number, bytes: number, time: number) {
    if (counted.length === 0) return;
    await sql.begin(async (tx) => {
      for (const entry of counted) {
        const usage = await reserveQuotaUsage(tx, entry.key, reports, bytes, entry.expiresAt);
        check(entry, usage, time);
      }
    });
  }

  return {
    async admit({ sessionId, ip, projectId, declaredBytes }) {
      const time = now();
      const counted = keysOf({ session: sessionId, ip, project: projectId }, time);
      await count(counted, 1, declaredBytes, time);
      let bytes = declaredBytes;
      let reports = 1;
      return {
        async addBytes(extra) {
          await count(counted, 0, extra, now());
          bytes += extra;
        },
        async refund() {
          if (reports === 0) return;
          reports = 0;
          // The same rows as reserved, even when their window has ended meanwhile.
          for (const { key } of counted) await addQuotaUsage(sql, key, -1, -bytes);
        },
      };
    },
  };
}
