import type { SQL } from "bun";
import type { ContentLanguage } from "../../../shared/content-languages.ts";
import type { ChecklistSummary } from "../../../shared/messenger-home-api.ts";
import { findChecklist, sharedChecklistId } from "./checklists-repository.ts";
import { checklistConfigOf } from "./outbound-answers.ts";
import { listLiveOutbounds } from "./outbound-repository.ts";

/**
 * The project's live checklists with the session's progress, for the messenger's list and home: the
 * session's own instance, else a shared one it uses (the newest), else none yet; titled in `language`
 * where the checklist is written in it. Checklists whose stored config no longer fits the widget are
 * left out.
 */
export async function listChecklistSummaries(
  sql: SQL,
  secret: string,
  { projectId, sessionId, language }: { projectId: string; sessionId: string; language: ContentLanguage },
): Promise<ChecklistSummary[]> {
  const outbounds = await listLiveOutbounds(sql, projectId, "checklist");
  if (outbounds.length === 0) return [];
  const rows = (await sql`SELECT id, outbound_id, shared_key FROM widget_checklists
    WHERE session_id = ${sessionId} AND outbound_id IN ${sql(outbounds.map((outbound) => outbound.id))}
    ORDER BY updated_at DESC, id DESC`) as Array<{ id: string; outbound_id: string; shared_key: string }>;
  const summaries: ChecklistSummary[] = [];
  for (const outbound of outbounds) {
    const config = checklistConfigOf(outbound, language);
    if (!config) continue;
    const mine = rows.filter((row) => row.outbound_id === outbound.id);
    const own = mine.find((row) => row.shared_key === "");
    const shared = mine.find((row) => row.shared_key !== "");
    const instanceId = own?.id ?? (shared ? sharedChecklistId(secret, outbound.id, shared.shared_key) : null);
    const instance = instanceId ? await findChecklist(sql, secret, instanceId) : null;
    const stepIds = config.steps.map((step) => step.id);
    const done = instance ? stepIds.filter((id) => instance.completedSteps.includes(id)).length : 0;
    summaries.push({
      outboundId: outbound.id,
      title: config.subject || outbound.name,
      checklistId: instance?.id ?? null,
      done,
      total: stepIds.length,
      status: instance && (instance.status === "done" || done === stepIds.length) ? "done" : "open",
    });
  }
  return summaries;
}
