import { checklistAnswer } from "../../../domain/outbounds/outbound-answers.ts";
import { json } from "../../../http/json-response.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { joinChecklist, loadSessionChecklist, wantsHtml } from "./session-checklist.ts";

/** `GET /outbound/checklists/{id}`: a checklist instance the session may use, with its progress. */
export function handleChecklistFetch(deps: Pick<WidgetRouteDeps, "sql" | "sessionSecret">): WidgetHandler {
  return async (context) => {
    const loaded = await loadSessionChecklist(deps, context);
    if (loaded instanceof Response) return loaded;
    await joinChecklist(deps, loaded.checklist, context.session);
    return json(checklistAnswer(loaded.checklist, loaded.outbound, loaded.config, wantsHtml(context.url)));
  };
}
