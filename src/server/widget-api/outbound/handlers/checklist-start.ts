import { ChecklistStartRequest } from "../../../../shared/outbound-api.ts";
import { sharedKeyIsGenuine, sharedKeySecret } from "../../../domain/outbounds/checklist-shared-keys.ts";
import { openChecklist } from "../../../domain/outbounds/checklists-repository.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { sessionBodyHandler } from "../../session-body-handler.ts";
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
  return sessionBodyHandler(ChecklistStartRequest, async (body, session, { project }) => {
    const { outboundId } = body;
    // A draft checklist is not there for visitors yet, so it reads as missing.
    const outbound = await liveOutbound(sql, project.id, outboundId, "checklist");
    if (!outbound) return jsonError(404, `No live checklist ${outboundId}`, "outboundId");
    const sharedKey = body.sharedKey?.trim() ?? "";
    if (
      sharedKey !== "" &&
      !sharedKeyIsGenuine(await sharedKeySecret(sql), { projectId: project.id, outboundId }, sharedKey)
    )
      return jsonError(403, sharedKeyRefusedMessage, "sharedKey");
    const id = await openChecklist(sql, sessionSecret, { outboundId, sessionId: session.id, sharedKey });
    return json({ id });
  });
}
