import { maxReportBytes } from "../../../shared/feedback-api.ts";
import type { FeedbackReportCreated } from "../../../shared/host-visible-types.ts";
import { isUniqueViolation } from "../../domain/companies/companies-repository.ts";
import {
  type CreatedReport,
  findReportByIdempotencyKey,
  insertReport,
  type KeyedReport,
  type ReportIdempotency,
  shortReportId,
} from "../../domain/feedback/feedback-repository.ts";
import { type ReportFile, storeWithFiles } from "../../domain/feedback/report-file-journal.ts";
import {
  idempotencyScope,
  keyedSendKind,
  readIdempotencyKey,
  reusedKeyMessage,
} from "../../domain/feedback/report-idempotency.ts";
import { createReportIntake, defaultReportIntakeLimits } from "../../domain/feedback/report-intake.ts";
import {
  createReportParserPool,
  defaultReportParserPoolOptions,
} from "../../domain/feedback/report-parser-pool.ts";
import type { PreparedReport } from "../../domain/feedback/report-preparation.ts";
import {
  createReportLimiter,
  defaultReportQuotas,
  type ReportAllowance,
} from "../../domain/feedback/report-quotas.ts";
import { ReportRefused } from "../../domain/feedback/report-refused.ts";
import { autoAssignReport } from "../../domain/staff/round-robin.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { bodyTooLarge, declaredLength, readReportBody } from "../../http/report-body.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/** The answer to a session an admin marked as spam. */
export const reportsBlockedMessage = "This session may not send more reports";

/**
 * `POST /api/widget/bugs/v2`: quotas, then room in the intake, then the body, parsed on a parser
 * thread, then the stored parts and the row (see {@link storeWithFiles}). A stored report reaches
 * every open admin inbox at once (staff socket).
 *
 * An `Idempotency-Key` belongs to its sender (the session, else the client address): a report sent
 * again with the key and body of one its sender already stored (the widget's outbox retries a send
 * whose answer it never got) is answered as the first send was, its quota hit given back, and nothing
 * new is stored; the key with another body is a 409. Two sends of one key racing each other meet at
 * the unique index, and the loser is answered as a repeat of the winner. Another sender's key is
 * never looked at, so it can neither answer with nor swallow someone else's report.
 */
export function feedbackRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const { sql, events } = deps;
  const limiter = createReportLimiter(sql, deps.reportQuotas ?? defaultReportQuotas);
  const intake = createReportIntake(defaultReportIntakeLimits);
  const parser =
    deps.reportParser ?? createReportParserPool({ ...defaultReportParserPoolOptions, keepIdle: 0 });
  const refund = (allowance: ReportAllowance | null) => refundQuietly(allowance, deps.logger);
  const findKeyed = (projectId: string, { scope, key }: ReportIdempotency) =>
    findReportByIdempotencyKey(sql, projectId, scope, key);

  async function create(context: WidgetContext): Promise<Response> {
    const { request, project, session, ip } = context;
    // Read with the session row the request is authenticated by: no query of its own. A 4xx, so neither
    // the reference client (which never resends a report) nor our outbox (which drops a 403) retries.
    if (session?.reportsBlocked) return jsonError(403, reportsBlockedMessage);
    const declared = declaredLength(request);
    // Refused before it is counted or read: the limit is known from the header alone.
    if (declared !== null && declared > maxReportBytes) return bodyTooLarge(maxReportBytes);
    const idempotency = readIdempotencyKey(request.headers);
    if (!idempotency.ok) return jsonError(400, idempotency.error, "Idempotency-Key");
    const key = idempotency.key;
    let allowance: ReportAllowance | null = null;
    let leave: (() => void) | null = null;
    try {
      allowance = await limiter.admit({
        sessionId: session?.id ?? null,
        ip,
        projectId: project.id,
        declaredBytes: declared ?? 0,
      });
      // A body of unknown length may be as long as the limit.
      leave = await intake.enter(declared ?? maxReportBytes);
      const body = await readReportBody(request, {
        maxBytes: maxReportBytes,
        deadlineMs: defaultReportIntakeLimits.bodyDeadlineMs,
      });
      if (!body.ok) return body.response;
      if (declared === null) await allowance.addBytes(body.bytes.byteLength);
      const prepared = await parser.parse(body.bytes);
      if (!prepared.ok) return jsonError(prepared.status, prepared.error, prepared.field);
      const keyed = idempotencyOf(context, key, prepared.report.bodyHash, deps.sessionSecret);
      const earlier = keyed && (await findKeyed(project.id, keyed));
      if (keyed && earlier) return await answerKeyedAgain(earlier, keyed.bodyHash, () => refund(allowance));
      let saved: CreatedReport;
      try {
        saved = await storeReport(deps, Bun.randomUUIDv7(), prepared.report, context, keyed);
      } catch (error) {
        const winner = keyed && isUniqueViolation(error) ? await findKeyed(project.id, keyed) : null;
        if (!keyed || !winner) throw error;
        return await answerKeyedAgain(winner, keyed.bodyHash, () => refund(allowance));
      }
      // Never throws: a push that fails is logged, the report is stored either way.
      await events.emit("report.created", { reportId: saved.id, projectId: project.id });
      // Given out round robin: its assignee is told, wherever they are in the admin.
      if (project.autoAssign) await events.emit("report.assigned", { assignments: { newItemId: saved.id } });
      return json(createdAnswer(saved), { status: 201 });
    } catch (error) {
      if (error instanceof ReportRefused) {
        // Turned away for the server's load, not for what it sent: the sender's try is not counted.
        if (error.status === 503) await refund(allowance);
        return error.response();
      }
      await refund(allowance);
      throw error;
    } finally {
      leave?.();
    }
  }

  return [
    { method: "POST", pattern: "/api/widget/bugs/v2", auth: "project-optional-session", handle: create },
  ];
}

/** A refund that fails leaves the sender counted once too often: logged, never the request's failure. */
function refundQuietly(allowance: ReportAllowance | null, logger: WidgetRouteDeps["logger"]) {
  return allowance
    ?.refund()
    .catch((error: unknown) => logger?.warn("report quota refund failed", { error: String(error) }));
}

/** The key with its sender and the body it came with, for the row and the look-up. */
function idempotencyOf(
  { session, ip }: WidgetContext,
  key: string | null,
  bodyHash: string,
  sessionSecret: WidgetRouteDeps["sessionSecret"],
): ReportIdempotency | null {
  if (key === null) return null;
  const scope = idempotencyScope({ sessionId: session?.id ?? null, ip }, sessionSecret);
  return { key, scope, bodyHash };
}

/** A send under a key its sender already used: that report again, or a 409 for another body. */
async function answerKeyedAgain(
  earlier: KeyedReport,
  bodyHash: string,
  refund: () => Promise<unknown> | undefined,
) {
  if (keyedSendKind(earlier.bodyHash, bodyHash) === "conflict")
    return jsonError(409, reusedKeyMessage, "Idempotency-Key");
  // The first send of this report counted it; this one is not a report of its own.
  await refund();
  return json(createdAnswer(earlier.report), { status: 201 });
}

/** The report's parts into storage and its row, together (see {@link storeWithFiles}). */
function storeReport(
  { sql, storage }: Pick<WidgetRouteDeps, "sql" | "storage">,
  id: string,
  report: PreparedReport,
  context: WidgetContext,
  idempotency: ReportIdempotency | null,
): Promise<CreatedReport> {
  const files: ReportFile[] = [];
  const part = (name: string, data: Uint8Array | null, contentType: string) => {
    if (data === null) return null;
    const key = `reports/${id}/${name}`;
    files.push({ key, data, contentType });
    return key;
  };
  // Both compressed with zstd (stored-part-encoding.ts); reads tell the format from the bytes.
  const snapshotKey = part("snapshot.html.zst", report.snapshotHtml, "application/zstd");
  const replayKey = part("replay.json.zst", report.webReplay, "application/zstd");
  return storeWithFiles(sql, storage, files, async (tx) => {
    const created = await insertReport(tx, id, {
      ...report.row,
      projectId: context.project.id,
      sessionId: context.session?.id ?? null,
      screenshotHtmlKey: snapshotKey,
      webReplayKey: replayKey,
      idempotency,
    });
    // The cached project says whether to; `report-created` then carries the assignee.
    if (context.project.autoAssign) await autoAssignReport(tx, context.project.id, id);
    return created;
  });
}

export function createdAnswer(report: CreatedReport): FeedbackReportCreated {
  return {
    id: report.id,
    shortId: shortReportId(report.number),
    type: report.type,
    priority: report.priority,
    status: report.status,
    createdAt: report.createdAt,
  };
}
