import type { SQL } from "bun";
import { readStoredUploadUsage, type StoredUploadUsage, type Uploader } from "./uploads-repository.ts";

/** Per-day quotas count uploads since 00:00 UTC; the rate counts the last minute. */
export interface UploadQuotas {
  /** A session's uploads per day: a recording, a screenshot and attachments per report, a few reports. */
  sessionUploadsPerDay: number;
  /** A session's bytes per day: three maximal recordings. */
  sessionBytesPerDay: number;
  /** A project's bytes per day, whatever its sessions: caps what one site can cost the disk or bucket. */
  projectBytesPerDay: number;
  /** A session's uploads per minute: a person attaches a few files, a script many. */
  sessionUploadsPerMinute: number;
}

const mb = 1024 * 1024;

export const defaultUploadQuotas: UploadQuotas = {
  sessionUploadsPerDay: 20,
  sessionBytesPerDay: 300 * mb,
  projectBytesPerDay: 5 * 1024 * mb,
  sessionUploadsPerMinute: 10,
};

const rateWindowMs = 60_000;

/** An upload refused by a limit: nothing of it is stored. */
export class UploadRefused extends Error {
  constructor(
    readonly status: 413 | 429,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** `314572800` → `300 MB`, `5368709120` → `5 GB`, `1000` → `1000 bytes`. */
export function describeSize(bytes: number): string {
  const gb = 1024 * mb;
  if (bytes >= gb && bytes % gb === 0) return `${bytes / gb} GB`;
  return bytes >= mb && bytes % mb === 0 ? `${bytes / mb} MB` : `${bytes} bytes`;
}

interface Usage {
  count: number;
  bytes: number;
}

const noUsage: Usage = { count: 0, bytes: 0 };

/**
 * Uploads of this process still streaming, per session and per project. The table only knows
 * finished uploads, so without this many parallel uploads would each see the whole quota free. Those
 * streaming on other processes are not here: an upload past a quota is then read but refused when it
 * finishes (`confirm`), so what is stored stays within the quotas however many processes take uploads.
 */
function createInFlightLedger() {
  const bySession = new Map<string, Usage>();
  const byProject = new Map<string, Usage>();
  const change = (map: Map<string, Usage>, key: string, count: number, bytes: number) => {
    const usage = map.get(key) ?? { count: 0, bytes: 0 };
    usage.count += count;
    usage.bytes += bytes;
    if (usage.count === 0) map.delete(key);
    else map.set(key, usage);
  };
  return {
    session: (id: string): Usage => bySession.get(id) ?? noUsage,
    project: (id: string): Usage => byProject.get(id) ?? noUsage,
    change(sessionId: string, projectId: string, count: number, bytes: number) {
      change(bySession, sessionId, count, bytes);
      change(byProject, projectId, count, bytes);
    },
  };
}

/**
 * Makes a project's uploads wait for each other between their last check and their row (PostgreSQL,
 * until the transaction ends): processes sharing the database then see each other's finished uploads.
 * SQLite runs one transaction at a time already.
 */
async function lockProjectQuota(tx: SQL, projectId: string): Promise<void> {
  if (tx.options.adapter === "sqlite") return;
  await tx`SELECT pg_advisory_xact_lock(hashtext(${`upload-quotas:${projectId}`}))`;
}

/** One upload's place in the quotas, from before its first byte until its row is written or it fails. */
export interface UploadAllowance {
  /** Counts bytes as they stream; throws {@link UploadRefused} once past the file limit or a quota. */
  add(bytes: number): void;
  /**
   * Checks the finished upload against the table again, for uploads that finished meanwhile on this
   * process or any other, and runs `record` (its row's insert) in the same transaction. Those
   * transactions run one at a time per project (SQLite has one writer, PostgreSQL takes the project's
   * lock), so two uploads, on one process or two, cannot both find the last of a quota free.
   */
  confirm(record: (tx: SQL) => Promise<void>): Promise<void>;
  /** Leaves the in-flight count; call once the row is written or the upload failed. */
  release(): void;
}

export interface UploadLimiter {
  /**
   * Admits an upload before its body is read, or throws {@link UploadRefused}: a count or the rate is
   * used up, or the declared size cannot fit the bytes left today.
   */
  admit(request: {
    uploader: Uploader;
    projectId: string;
    maxFileBytes: number;
    /** An upper bound of the file's size when the request declared one. */
    declaredBytes: number | null;
  }): Promise<UploadAllowance>;
}

/**
 * The quotas as refusals: whether one more upload fits beside the stored and the in-flight ones, and
 * the 429s that say which quota is used up and when it frees (midnight UTC, or the rate window).
 */
function quotaRules(quotas: UploadQuotas, now: () => number) {
  const secondsToMidnight = () => {
    const time = now();
    const midnight = new Date(time);
    midnight.setUTCHours(24, 0, 0, 0);
    return Math.max(1, Math.ceil((midnight.getTime() - time) / 1000));
  };

  /** Whose quota it is, as the refusals name it. */
  const per = (uploader: Uploader) => (uploader.kind === "session" ? "session" : "admin");

  const sessionBytesUsedUp = (uploader: Uploader) =>
    new UploadRefused(
      429,
      `Upload quota reached: ${describeSize(quotas.sessionBytesPerDay)} per ${per(uploader)} per day`,
      secondsToMidnight(),
    );
  const projectBytesUsedUp = () =>
    new UploadRefused(
      429,
      `This project's upload quota of ${describeSize(quotas.projectBytesPerDay)} per day is used up`,
      secondsToMidnight(),
    );

  /** Refuses when one more upload of `bytes` does not fit next to the stored and the in-flight ones. */
  function check(
    uploader: Uploader,
    stored: StoredUploadUsage,
    session: Usage,
    project: Usage,
    extra: Usage,
  ) {
    if (stored.sessionCount + session.count + extra.count > quotas.sessionUploadsPerDay) {
      throw new UploadRefused(
        429,
        `Upload quota reached: ${quotas.sessionUploadsPerDay} uploads per ${per(uploader)} per day`,
        secondsToMidnight(),
      );
    }
    if (stored.recentCount + session.count + extra.count > quotas.sessionUploadsPerMinute) {
      // The oldest counted upload leaves the window first; one still streaming leaves it a minute after it is done.
      const leaves = stored.oldestRecentAt ? Date.parse(stored.oldestRecentAt) + rateWindowMs : null;
      const retryAfter = leaves === null ? rateWindowMs / 1000 : Math.ceil((leaves - now()) / 1000);
      throw new UploadRefused(
        429,
        `Too many uploads: at most ${quotas.sessionUploadsPerMinute} per ${per(uploader)} per minute`,
        Math.max(1, retryAfter),
      );
    }
    if (stored.sessionBytes + session.bytes + extra.bytes > quotas.sessionBytesPerDay)
      throw sessionBytesUsedUp(uploader);
    if (stored.projectBytes + project.bytes + extra.bytes > quotas.projectBytesPerDay)
      throw projectBytesUsedUp();
  }

  return { check, sessionBytesUsedUp, projectBytesUsedUp };
}

export function createUploadLimiter(
  sql: SQL,
  quotas: UploadQuotas,
  now: () => number = Date.now,
): UploadLimiter {
  const inFlight = createInFlightLedger();

  function readUsage(uploader: Uploader, projectId: string, from: SQL = sql): Promise<StoredUploadUsage> {
    const time = now();
    return readStoredUploadUsage(from, {
      uploader,
      projectId,
      dayStart: `${new Date(time).toISOString().slice(0, 10)}T00:00:00.000Z`,
      recentStart: new Date(time - rateWindowMs).toISOString(),
    });
  }

  const { check, sessionBytesUsedUp, projectBytesUsedUp } = quotaRules(quotas, now);

  return {
    async admit({ uploader, projectId, maxFileBytes, declaredBytes }) {
      // One ledger for both kinds of uploader; the prefix keeps a session and an admin apart.
      const sessionId = `${uploader.kind}:${uploader.id}`;
      const stored = await readUsage(uploader, projectId);
      // Without a declared size, at least one byte has to fit.
      const expected = Math.max(1, declaredBytes ?? 1);
      check(uploader, stored, inFlight.session(sessionId), inFlight.project(projectId), {
        count: 1,
        bytes: expected,
      });

      inFlight.change(sessionId, projectId, 1, 0);
      let size = 0;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight.change(sessionId, projectId, -1, -size);
      };
      /** A refused upload stops counting at once, so a parallel one is not refused for its bytes too. */
      const refuse = (refusal: UploadRefused) => {
        release();
        return refusal;
      };
      return {
        add(bytes) {
          size += bytes;
          inFlight.change(sessionId, projectId, 0, bytes);
          if (size > maxFileBytes) {
            throw refuse(
              new UploadRefused(413, `The file is larger than the ${describeSize(maxFileBytes)} limit`),
            );
          }
          // `stored` is from admission; confirm() catches uploads that finished since.
          if (stored.sessionBytes + inFlight.session(sessionId).bytes > quotas.sessionBytesPerDay)
            throw refuse(sessionBytesUsedUp(uploader));
          if (stored.projectBytes + inFlight.project(projectId).bytes > quotas.projectBytesPerDay)
            throw refuse(projectBytesUsedUp());
        },
        confirm: (record) =>
          sql.begin(async (tx) => {
            // Every upload that passed this step before is stored: the table alone is the count.
            await lockProjectQuota(tx, projectId);
            const current = await readUsage(uploader, projectId, tx);
            check(uploader, current, noUsage, noUsage, { count: 1, bytes: size });
            await record(tx);
          }),
        release,
      };
    },
  };
}
