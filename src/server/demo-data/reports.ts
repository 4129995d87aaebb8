import {
  codingTaskKind,
  type ReportReason,
  type ReportResolution,
  reportReasons,
} from "../../shared/reports-api.ts";
import { defaultTaskReportRules } from "../config.ts";
import { escalatedBanDays } from "../domain/task-reports/ban-escalation.ts";
import { adminAt, auditRow } from "./audit.ts";
import type { Row } from "./bulk-insert.ts";
import { reportComments } from "./challenge-words.ts";
import type { DemoTask } from "./challenges.ts";
import { between, day, demoEpoch, hour, iso } from "./demo-clock.ts";
import { everyThenPick, type Random } from "./random.ts";
import type { DemoUser } from "./users.ts";

export interface DemoReports {
  reports: Row[];
  bans: Row[];
  audit: Row[];
  /** Tasks a DELETE_TASK or BLOCK_CREATOR resolution removed: their reports keep only the snapshot. */
  deletedTaskIds: Set<string>;
}

/** The audit actions the reports API records for each resolution. */
const auditAction: Record<ReportResolution, string> = {
  REJECT: "report.reject",
  DELETE_TASK: "report.delete-task",
  BLOCK_REPORTER: "report.block-reporter",
  BLOCK_CREATOR: "report.block-creator",
};

/** The most offences one user commits: the fourth ban on the ladder is permanent. */
const blockedPerOffender = 4;

interface Filing {
  task: DemoTask;
  /** Null only for automatic reports. */
  reporter: DemoUser | null;
  /** Filed by the ratings rule (reports.automatic). */
  automatic: boolean;
  reason: ReportReason;
  createdAt: number;
  resolution: ReportResolution | null;
  resolvedAt: number | null;
}

/**
 * Reports in every state: open (their tasks disabled), and resolved by each of the four actions, over
 * every reason, some of them automatic DISLIKE reports (marked `automatic`, without a reporter; their
 * tasks carry the ratings that trigger one). Blocking resolutions ban the reporter or creator along the escalation
 * ladder (3, 7, 30 days, then permanent), one offence after the previous ban ended.
 */
export function generateReports(
  random: Random,
  count: number,
  tasks: DemoTask[],
  users: { admins: DemoUser[]; community: DemoUser[] },
): DemoReports {
  const openCount = Math.round(count * 0.3);
  const rejectCount = Math.round(count * 0.2);
  const deleteCount = Math.round(count / 6);
  const blockReporterCount = Math.round(count / 6);
  const blockCreatorCount = count - openCount - rejectCount - deleteCount - blockReporterCount;

  const filer = createFiler(random, tasks);
  const serialReporters = fileBlockedReporters(random, filer, users.community, blockReporterCount);
  // Who files the ordinary reports: the community without the blocked reporters.
  filer.setReporters(users.community.filter((user) => !serialReporters.has(user)));
  fileBlockedCreators(random, filer, tasks, users.admins, blockCreatorCount);
  fileDeletedTasks(random, filer, tasks, deleteCount);
  const remaining = filer.unclaimed();
  fileOpenReports(random, filer, remaining, openCount);
  fileRejectedReports(random, filer, remaining, rejectCount);
  return toRows(random, filer.filings, users.admins);
}

/**
 * What every kind of demo report shares: tasks that a resolution deletes, tasks that must survive
 * because a later report names them, who already reported which task, and the filings so far.
 */
function createFiler(random: Random, tasks: DemoTask[]) {
  const claimed = new Set<string>();
  const kept = new Set<string>();
  const reportersOf = new Map<string, Set<string>>();
  const filings: Filing[] = [];
  let reporters: DemoUser[] = [];

  const unclaimed = (filter: (task: DemoTask) => boolean = () => true) =>
    tasks.filter((task) => !claimed.has(task.id) && filter(task));
  // A challenge keeps at least one task: deletions never empty one.
  const liveTasks = new Map<string, number>();
  for (const task of tasks) liveTasks.set(task.challengeId, (liveTasks.get(task.challengeId) ?? 0) + 1);
  const deletable = (task: DemoTask) =>
    !claimed.has(task.id) && !kept.has(task.id) && (liveTasks.get(task.challengeId) ?? 0) > 1;
  const claimForDeletion = (task: DemoTask) => {
    claimed.add(task.id);
    liveTasks.set(task.challengeId, (liveTasks.get(task.challengeId) ?? 0) - 1);
  };
  const reporterFor = (task: DemoTask, pool: DemoUser[], at: number): DemoUser | null => {
    const taken = reportersOf.get(task.id) ?? new Set();
    const eligible = pool.filter(
      (user) => user.id !== task.creatorId && !taken.has(user.id) && user.createdAt < at,
    );
    if (eligible.length === 0) return null;
    const reporter = random.pick(eligible);
    reportersOf.set(task.id, taken.add(reporter.id));
    return reporter;
  };
  /** Files one report; false when no reporter is left who may report the task. */
  const file = (filing: Omit<Filing, "reporter"> & { pool?: DemoUser[] }): boolean => {
    const { automatic, pool, ...rest } = filing;
    const reporter = automatic ? null : reporterFor(filing.task, pool ?? reporters, filing.createdAt);
    if (!automatic && !reporter) return false;
    filings.push({ ...rest, reporter, automatic, reason: automatic ? "DISLIKE" : filing.reason });
    if (automatic) dislike(random, filing.task, filing.resolution === "REJECT");
    return true;
  };
  const resolvedPair = (task: DemoTask) => {
    const createdAt = between(random, task.createdAt + hour, demoEpoch - 3 * day);
    return { createdAt, resolvedAt: Math.min(createdAt + random.int(2, 7 * 24) * hour, demoEpoch - hour) };
  };
  /** Sets who files the ordinary reports. */
  const setReporters = (pool: DemoUser[]) => {
    reporters = pool;
  };

  return { filings, kept, unclaimed, deletable, claimForDeletion, file, resolvedPair, setReporters };
}

type Filer = ReturnType<typeof createFiler>;

/**
 * Reporters blocked for abusing reports, one offence after the previous ban. Their tasks stay.
 * Offenders come one by one from the shuffled community until the quota is met; none of them files
 * any other report, so no report falls inside one of their bans. Answers the offenders.
 */
function fileBlockedReporters(
  random: Random,
  filer: Filer,
  community: DemoUser[],
  quota: number,
): Set<DemoUser> {
  const manualReasons = reportReasons.filter((reason) => reason !== "DISLIKE");
  let blockedReporters = 0;
  const offenders = random.shuffle(community);
  const serialReporters = new Set<DemoUser>();
  for (const reporter of offenders) {
    if (blockedReporters >= quota) break;
    serialReporters.add(reporter);
    let at = between(
      random,
      Math.max(reporter.createdAt + 7 * day, demoEpoch - 600 * day),
      demoEpoch - 200 * day,
    );
    const offences = random.int(1, blockedPerOffender);
    for (let offence = 0; offence < offences; offence++) {
      if (blockedReporters >= quota || at > demoEpoch - 3 * day) break;
      const candidates = filer.unclaimed(
        (task) => task.createdAt < at - hour && task.creatorId !== reporter.id,
      );
      if (candidates.length === 0) break;
      const task = random.pick(candidates);
      filer.kept.add(task.id);
      const resolvedAt = at + random.int(2, 72) * hour;
      const reason = everyThenPick(random, blockedReporters, manualReasons);
      const filing = { task, reason, createdAt: at, resolvedAt, automatic: false, pool: [reporter] };
      if (!filer.file({ ...filing, resolution: "BLOCK_REPORTER" })) break;
      blockedReporters++;
      const days = escalatedBanDays(offence);
      if (days === null) break;
      at = resolvedAt + (days + random.int(1, 60)) * day;
    }
  }
  return serialReporters;
}

/** Creators blocked for their tasks, one offence after the previous ban ended; the tasks go with them. */
function fileBlockedCreators(
  random: Random,
  filer: Filer,
  tasks: DemoTask[],
  admins: DemoUser[],
  quota: number,
): void {
  const tasksByCreator = new Map<string, DemoTask[]>();
  for (const task of tasks)
    tasksByCreator.set(task.creatorId, [...(tasksByCreator.get(task.creatorId) ?? []), task]);
  const adminIds = new Set(admins.map((admin) => admin.id));
  const offendingCreators = random.shuffle(
    [...tasksByCreator.keys()].filter(
      (id) => !adminIds.has(id) && (tasksByCreator.get(id)?.length ?? 0) >= 2,
    ),
  );
  let blockedCreators = 0;
  for (const creatorId of offendingCreators) {
    const own = random.sample(tasksByCreator.get(creatorId) ?? [], random.int(1, blockedPerOffender));
    let notBefore = 0;
    let offence = 0;
    for (const task of own.sort((a, b) => a.createdAt - b.createdAt)) {
      const createdAt = Math.max(task.createdAt + random.int(1, 20) * day, notBefore);
      if (blockedCreators >= quota || createdAt > demoEpoch - 3 * day) break;
      if (!filer.deletable(task)) continue;
      const resolvedAt = createdAt + random.int(2, 72) * hour;
      const reason = everyThenPick(random, blockedCreators, reportReasons);
      if (!filer.file({ task, reason, createdAt, resolution: "BLOCK_CREATOR", resolvedAt, automatic: false }))
        continue;
      filer.claimForDeletion(task);
      blockedCreators++;
      const days = escalatedBanDays(offence++);
      if (days === null) break;
      notBefore = resolvedAt + (days + random.int(1, 30)) * day;
    }
  }
}

/** Tasks deleted by an admin, about one in ten after an automatic DISLIKE report. */
function fileDeletedTasks(random: Random, filer: Filer, tasks: DemoTask[], quota: number): void {
  let deleted = 0;
  for (const task of random.shuffle(tasks)) {
    if (deleted >= quota) break;
    if (!filer.deletable(task)) continue;
    filer.claimForDeletion(task);
    const reason = everyThenPick(random, deleted++, reportReasons);
    filer.file({
      task,
      reason,
      ...filer.resolvedPair(task),
      resolution: "DELETE_TASK",
      automatic: random.chance(0.1),
    });
  }
}

/**
 * Open reports: recent, one to three per task. Three users' reports (the default threshold) or an
 * automatic one hold the task out of play until they are resolved; fewer leave it in play.
 */
function fileOpenReports(random: Random, filer: Filer, remaining: DemoTask[], quota: number): void {
  let open = 0;
  for (const [index, task] of random.sample(remaining, Math.ceil(quota * 0.7)).entries()) {
    const automatic = index % 8 === 7;
    const filed = automatic ? 1 : random.int(1, 3);
    let filedHere = 0;
    for (let extra = 0; extra < filed && open < quota; extra++) {
      const createdAt = between(
        random,
        Math.max(task.createdAt + hour, demoEpoch - 45 * day),
        demoEpoch - hour,
      );
      const reason = everyThenPick(random, open, reportReasons);
      if (!filer.file({ task, reason, createdAt, resolution: null, resolvedAt: null, automatic })) continue;
      open++;
      filedHere++;
    }
    if (automatic ? filedHere > 0 : filedHere >= defaultTaskReportRules.hideAfterReporters) {
      task.row.enabled = false;
      task.row.hidden_by_reports = true;
    }
  }
}

/** Rejected reports: the task was re-enabled (and may have been reported again since). */
function fileRejectedReports(random: Random, filer: Filer, remaining: DemoTask[], quota: number): void {
  for (let index = 0; index < quota; index++) {
    const task = random.pick(remaining);
    const automatic =
      index % 10 === 9 && !filer.filings.some((filing) => filing.task === task && filing.automatic);
    const reason = everyThenPick(random, index, reportReasons);
    filer.file({ task, reason, ...filer.resolvedPair(task), resolution: "REJECT", automatic });
  }
}

/**
 * Ratings that file an automatic DISLIKE report: at least ten negative and more negative than
 * positive. A rejected one has since gained positive ratings.
 */
function dislike(random: Random, task: DemoTask, recovered: boolean): void {
  const negative = random.int(10, 30);
  task.row.negative_ratings = negative;
  task.row.positive_ratings = recovered ? negative + random.int(1, 20) : random.int(0, negative - 1);
}

/** A ban as the resolution's audit entry records it. */
interface ReportBan {
  id: string;
  userId: string;
  action: string;
  endsAt: string | null;
}

/**
 * The ban a blocking resolution gave (longer after each earlier one of the user), with its row and any
 * early lift's audit entry added to `result`; null for any other resolution.
 */
function resolutionBan(
  random: Random,
  {
    filing,
    reportId: id,
    resolver,
    resolvedAt,
  }: { filing: Filing; reportId: string; resolver: DemoUser; resolvedAt: number },
  { bansSoFar, admins }: { bansSoFar: Map<string, number>; admins: DemoUser[] },
  result: DemoReports,
): ReportBan | null {
  const { task, resolution } = filing;
  const banned =
    resolution === "BLOCK_REPORTER"
      ? filing.reporter?.id
      : resolution === "BLOCK_CREATOR"
        ? task.creatorId
        : null;
  if (!banned) return null;
  const action = resolution === "BLOCK_REPORTER" ? "REPORT" : "CREATE";
  const key = `${banned}/${action}`;
  const earlier = bansSoFar.get(key) ?? 0;
  bansSoFar.set(key, earlier + 1);
  const days = escalatedBanDays(earlier);
  const endsAt = days === null ? null : resolvedAt + days * day;
  const ban: ReportBan = {
    id: random.uuid(),
    userId: banned,
    action,
    endsAt: endsAt === null ? null : iso(endsAt),
  };
  // Now and then an admin lifted a ban early, after the user appealed.
  const lifted = random.chance(0.1)
    ? between(random, resolvedAt + hour, Math.min(endsAt ?? demoEpoch, demoEpoch))
    : null;
  result.bans.push({
    id: ban.id,
    user_id: banned,
    admin_id: resolver.id,
    action,
    reason:
      action === "REPORT"
        ? `Blocked from reporting tasks after report ${id}`
        : `Blocked from creating tasks after report ${id}`,
    starts_at: iso(resolvedAt),
    ends_at: ban.endsAt,
    lifted_at: lifted === null ? null : iso(lifted),
    created_at: iso(resolvedAt),
  });
  if (lifted !== null) {
    result.audit.push(
      auditRow(random, {
        actorId: adminAt(random, admins, lifted).id,
        action: "user.task-ban.lift",
        entity: "user",
        entityId: banned,
        details: { action, banIds: [ban.id] },
        at: lifted,
      }),
    );
  }
  return ban;
}

function toRows(random: Random, filings: Filing[], admins: DemoUser[]): DemoReports {
  const result: DemoReports = { reports: [], bans: [], audit: [], deletedTaskIds: new Set() };
  const bansSoFar = new Map<string, number>();
  for (const filing of filings.sort(
    (a, b) => (a.resolvedAt ?? a.createdAt) - (b.resolvedAt ?? b.createdAt),
  )) {
    const { task, resolution, resolvedAt } = filing;
    const id = random.uuid();
    const deletes = resolution === "DELETE_TASK" || resolution === "BLOCK_CREATOR";
    if (deletes) result.deletedTaskIds.add(task.id);
    const resolver = resolvedAt === null ? null : adminAt(random, admins, resolvedAt);
    const snapshot = {
      kind: task.kind,
      title: task.title,
      challengeId: task.challengeId,
      creatorId: task.creatorId,
      ...(task.kind === codingTaskKind ? { content: task.content } : {}),
    };
    result.reports.push({
      id,
      task_id: deletes ? null : task.id,
      task_snapshot: JSON.stringify(snapshot),
      reporter_id: filing.reporter?.id ?? null,
      automatic: filing.automatic,
      reason: filing.reason,
      comment: filing.reporter ? random.pick(reportComments[filing.reason]) : "",
      created_at: iso(filing.createdAt),
      resolved_at: resolvedAt === null ? null : iso(resolvedAt),
      resolution,
      resolver_id: resolver?.id ?? null,
    });
    if (resolution === null || resolvedAt === null || resolver === null) continue;

    const ban = resolutionBan(
      random,
      { filing, reportId: id, resolver, resolvedAt },
      { bansSoFar, admins },
      result,
    );
    result.audit.push(
      auditRow(random, {
        actorId: resolver.id,
        action: auditAction[resolution],
        entity: "report",
        entityId: id,
        details: { resolution, reason: "", taskId: task.id, ban, alsoResolved: [] },
        at: resolvedAt,
      }),
    );
  }
  return result;
}
