import { gunzipSync } from "node:zlib";
import {
  type FeedbackReportCreated,
  FeedbackReportRequest,
  maxReportBytes,
  reportCaps,
} from "../../../shared/feedback-report.ts";
import { json } from "../../http/json-response.ts";
import { reportJsonShapeLimits } from "../../http/json-shape.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import { announceReportCreated } from "../../platform-api/inbox/inbox-events.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { insertReport, type StoredReport, shortReportId } from "./feedback-repository.ts";

/** HTML snapshots above this go to file storage; smaller ones stay in the row. */
export const inlineHtmlLimit = 64 * 1024;

const newest = <T>(list: T[] | undefined, cap: number): T[] => (list ?? []).slice(-cap);

/**
 * `POST /api/widget/bugs/v2`: validates and stores the whole report. Large parts go to storage first
 * and the row after; if the row cannot be written the stored parts are removed, so a failure leaves
 * nothing behind. A stored report reaches every open admin inbox at once (staff socket).
 */
export function feedbackRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const { sql, storage } = deps;
  async function create({ request, project, session }: WidgetContext): Promise<Response> {
    const body = await readJsonBody(request, FeedbackReportRequest, maxReportBytes, reportJsonShapeLimits);
    if (!body.ok) return body.response;
    const report = body.value;
    const id = Bun.randomUUIDv7();
    const stored: string[] = [];

    try {
      let screenshot: Record<string, unknown> | null = null;
      let screenshotHtmlKey: string | null = null;
      if (report.screenshotData) {
        const { html, ...rest } = report.screenshotData;
        screenshot = rest;
        if (html !== undefined && Buffer.byteLength(html, "utf8") > inlineHtmlLimit) {
          screenshotHtmlKey = `reports/${id}/snapshot.html`;
          await storage.put(screenshotHtmlKey, html, "text/html; charset=utf-8");
          stored.push(screenshotHtmlKey);
        } else if (html !== undefined) {
          screenshot = { ...rest, html };
        }
      }
      let webReplayKey: string | null = null;
      if (report.webReplay) {
        webReplayKey = `reports/${id}/replay.json.gz`;
        await storage.put(webReplayKey, Bun.gzipSync(JSON.stringify(report.webReplay)), "application/gzip");
        stored.push(webReplayKey);
      }

      const saved = await insertReport(sql, id, {
        projectId: project.id,
        sessionId: session?.id ?? null,
        type: report.type,
        priority: report.priority,
        isSilent: report.isSilent ?? false,
        outbound: report.outbound ?? null,
        spamToken: report.spamToken ?? null,
        tags: report.tags ?? [],
        formData: report.formData ?? {},
        metaData: report.metaData ?? {},
        consoleLog: newest(report.consoleLog, reportCaps.consoleLog),
        networkLogs: newest(report.networkLogs, reportCaps.networkLogs),
        customEventLog: newest(report.customEventLog, reportCaps.customEventLog),
        customData: report.customData ?? {},
        ticketAttributes: report.ticketAttributes ?? {},
        excludeData: report.excludeData ?? {},
        screenshot,
        screenshotHtmlKey,
        webReplayKey,
        screenRecordingUrl: report.screenRecordingUrl ?? null,
      });
      // Never throws: a push that fails is logged, the report is stored either way.
      await announceReportCreated(deps, saved.id);
      return json(createdAnswer(saved), { status: 201 });
    } catch (error) {
      await Promise.allSettled(stored.map((key) => storage.delete(key)));
      throw error;
    }
  }

  return [
    { method: "POST", pattern: "/api/widget/bugs/v2", auth: "project-optional-session", handle: create },
  ];
}

export function createdAnswer(report: StoredReport): FeedbackReportCreated {
  return {
    id: report.id,
    shortId: shortReportId(report.number),
    type: report.type,
    priority: report.priority,
    status: report.status,
    createdAt: report.createdAt,
  };
}

/** The report as the back office reads it: the stored parts loaded back in place. */
export async function fullReport(storage: FileStorage, report: StoredReport) {
  const { screenshotHtmlKey, webReplayKey, screenshot, ...rest } = report;
  let screenshotData = screenshot;
  if (screenshotHtmlKey) {
    const html = await storage.get(screenshotHtmlKey);
    screenshotData = { ...screenshot, html: html ? await html.text() : null };
  }
  let webReplay: unknown = null;
  if (webReplayKey) {
    const packed = await storage.get(webReplayKey);
    if (packed)
      webReplay = JSON.parse(gunzipSync(new Uint8Array(await packed.arrayBuffer())).toString("utf8"));
  }
  return { ...rest, shortId: shortReportId(report.number), screenshotData, webReplay };
}
