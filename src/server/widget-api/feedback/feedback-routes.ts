import { type FeedbackReportCreated, maxReportBytes } from "../../../shared/feedback-api.ts";
import { isUniqueViolation } from "../../domain/companies/companies-repository.ts";
import {
  type CreatedReport,
  findReportByIdempotencyKey,
  insertReport,
  shortReportId,
} from "../../domain/feedback/feedback-repository.ts";
import { type ReportFile, storeWithFiles } from "../../domain/feedback/report-file-journal.ts";
import { readIdempotencyKey } from "../../domain/feedback/report-idempotency.ts";
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
import { announceReportCreated } from "../../domain/inbox/inbox-events.ts";
import { autoAssignReport } from "../../domain/staff/round-robin.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { bodyTooLarge, declaredLength, readReportBody } from "../../http/report-body.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/** The answer to a session an admin marked as spam (issue 24). */
export const reportsBlockedMessage = "This session may not send more reports";

/**
 * `POST /api/widget/bugs/v2`: quotas, then room in the intake, then the body, parsed on a parser
 * thread, then the stored parts and the row (see {@link storeWithFiles}). A stored report reaches
 * every open admin inbox at once (staff socket).
 *
 * A report sent again with the `Idempotency-Key` of one the project already stored (the widget's
 * outbox retries a send whose answer it never got) is answered as the first send was, before
 * anything is counted or read, and nothing new is stored; two sends of one key racing each other
 * meet at the unique index, and the loser answers the winner's report.
 */
export function feedbackRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const { sql, storage } = deps;
  const limiter = createReportLimiter(sql, deps.reportQuotas ?? defaultReportQuotas);
  const intake = createReportIntake(defaultReportIntakeLimits);
  const parser = createReportParserPool(defaultReportParserPoolOptions);

  function store(
    id: string,
    report: PreparedReport,
    context: WidgetContext,
    idempotencyKey: string | null,
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
        idempotencyKey,
      });
      // The cached project says whether to; `report-created` then carries the assignee.
      if (context.project.autoAssign) await autoAssignReport(tx, context.project.id, id);
      return created;
    });
  }

  /** A refund that fails leaves the sender counted once too often: logged, never the request's failure. */
  const refund = (allowance: ReportAllowance | null) =>
    allowance
      ?.refund()
      .catch((error: unknown) => deps.logger?.warn("report quota refund failed", { error: String(error) }));

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
    const earlier = key === null ? null : await findReportByIdempotencyKey(sql, project.id, key);
    if (earlier) return json(createdAnswer(earlier), { status: 201 });
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
      let saved: CreatedReport;
      try {
        saved = await store(Bun.randomUUIDv7(), prepared.report, context, key);
      } catch (error) {
        const winner =
          key !== null && isUniqueViolation(error)
            ? await findReportByIdempotencyKey(sql, project.id, key)
            : null;
        if (!winner) throw error;
        // The other send of this report counted it; this one is not a report of its own.
        await refund(allowance);
        return json(createdAnswer(winner), { status: 201 });
      }
      // Never throws: a push that fails is logged, the report is stored either way.
      await announceReportCreated(deps, saved.id);
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
