import { ChecklistUpdateRequest } from "../../../../shared/outbound-api.ts";
import { applyChecklistProgress } from "../../../domain/outbounds/checklists-repository.ts";
import { checklistAnswer } from "../../../domain/outbounds/outbound-answers.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { pushChecklistChange } from "./checklist-change-push.ts";
import { joinChecklist, loadSessionChecklist, wantsHtml } from "./session-checklist.ts";

/**
 * `PUT /outbound/checklists/{id}` `{checkedStep?, status?}` and `PUT …/{id}/increment/{checkedStep}`:
 * checks a step off or marks the checklist done, and tells every session on the instance.
 */
export function handleChecklistUpdate(
  deps: Pick<WidgetRouteDeps, "sql" | "sessionSecret" | "fanout">,
): WidgetHandler {
  return async (context) => {
    const body = await readJsonBody(context.request, ChecklistUpdateRequest);
    if (!body.ok) return body.response;
    const loaded = await loadSessionChecklist(deps, context);
    if (loaded instanceof Response) return loaded;
    const { checklist, outbound, config } = loaded;
    const step = context.params.checkedStep ?? body.value.checkedStep ?? null;
    const stepIds = config.steps.map((candidate) => candidate.id);
    if (step !== null && !stepIds.includes(step))
      return jsonError(400, `Checklist ${checklist.id} has no step ${step}`, "checkedStep");
    await joinChecklist(deps, checklist, context.session);

    const { checklist: updated, changed } = await applyChecklistProgress(deps.sql, checklist, {
      completeSteps: step === null ? [] : [step],
      markDone: body.value.status === "done",
      allSteps: stepIds,
    });
    if (changed) {
      // Every tab and teammate on this instance sees the change; the client merges it by id.
      await pushChecklistChange(deps, updated, outbound, config);
    }
    return json(checklistAnswer(updated, outbound, config, wantsHtml(context.url)));
  };
}
