import { ChecklistStartRequest } from "../../../../shared/outbound-api.ts";
import { sharedKeyIsGenuine, sharedKeySecret } from "../../../domain/outbounds/checklist-shared-keys.ts";
import { openChecklist } from "../../../domain/outbounds/checklists-repository.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { liveOutbound } from "./live-outbound.ts";

export const sharedKeyRefusedMessage =
  "This shared key was not issued for this checklist: shared keys come from the checklist's page in the admin (or its API), not from the page";

/**
 * `POST /outbound/checklists` `{outboundId, sharedKey?}`: the id of the session's instance of a live
 * checklist, or of the shared instance its key names (a key the admin issued for that checklist).
 */
export function handleChecklistStart({
  sql,
  sessionSecret,
}: Pick<WidgetRouteDeps, "sql" | "sessionSecret">): WidgetHandler {
  return async ({ request, project, session }) => {
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, ChecklistStartRequest);
    if (!body.ok) return body.response;
    const { outboundId } = body.value;
    // A draft checklist is not there for visitors yet, so it reads as missing.
    const outbound = await liveOutbound(sql, project.id, outboundId, "checklist");
    if (!outbound) return jsonError(404, `No live checklist ${outboundId}`, "outboundId");
    const sharedKey = body.value.sharedKey?.trim() ?? "";
    if (
      sharedKey !== "" &&
      !sharedKeyIsGenuine(await sharedKeySecret(sql), { projectId: project.id, outboundId }, sharedKey)
    )
      return jsonError(403, sharedKeyRefusedMessage, "sharedKey");
    const id = await openChecklist(sql, sessionSecret, { outboundId, sessionId: session.id, sharedKey });
    return json({ id });
  };
}
