import type { ChecklistConfig } from "../../../../shared/outbound-api.ts";
import {
  type ChecklistInstance,
  findChecklist,
  joinSharedChecklist,
} from "../../../domain/outbounds/checklists-repository.ts";
import { checklistConfigOf } from "../../../domain/outbounds/outbound-answers.ts";
import type { Outbound } from "../../../domain/outbounds/outbound-repository.ts";
import { jsonError } from "../../../http/json-response.ts";
import { contentLanguageOf } from "../../request-language.ts";
import type { WidgetContext } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { liveOutbound } from "./live-outbound.ts";

export interface LoadedChecklist {
  checklist: ChecklistInstance;
  outbound: Outbound;
  config: ChecklistConfig;
}

/**
 * The checklist a request names, if the session may use it: its own, or a shared one of its
 * project. Anything else is a plain 404, so ids of other sessions' checklists reveal nothing.
 */
export async function loadSessionChecklist(
  { sql, sessionSecret }: Pick<WidgetRouteDeps, "sql" | "sessionSecret">,
  context: WidgetContext,
): Promise<LoadedChecklist | Response> {
  const { params, project, session } = context;
  const id = params.id ?? "";
  const missing = () => jsonError(404, `No checklist ${id}`);
  if (!session) return jsonError(401, "Session not ready yet.");
  const checklist = await findChecklist(sql, sessionSecret, id);
  if (!checklist) return missing();
  // An instance outlives its checklist being withdrawn; visitors then no longer get its content.
  const outbound = await liveOutbound(sql, project.id, checklist.outboundId, "checklist");
  if (!outbound) return missing();
  if (checklist.sharedKey === "" && checklist.sessionId !== session.id) return missing();
  // In the visitor's language (spec §7 sends `lang` with every checklist call).
  const config = checklistConfigOf(outbound, contentLanguageOf(context));
  if (!config) return jsonError(500, `Checklist ${outbound.id} is stored in a shape the widget cannot use`);
  return { checklist, outbound, config };
}

/** A session that uses a shared instance joins it, so it hears of the changes others make. */
export async function joinChecklist(
  { sql }: Pick<WidgetRouteDeps, "sql">,
  checklist: ChecklistInstance,
  session: WidgetContext["session"],
): Promise<void> {
  if (checklist.sharedKey === "" || !session) return;
  await joinSharedChecklist(sql, {
    outboundId: checklist.outboundId,
    sessionId: session.id,
    sharedKey: checklist.sharedKey,
  });
}

/** Whether the client asked for the steps' rich text as HTML (`?convertTipTap=true`). */
export const wantsHtml = (url: URL) => url.searchParams.get("convertTipTap") === "true";
