import { OutboundEventRequest } from "../../../../shared/outbound-api.ts";
import { acknowledgeOutbound } from "../../../domain/outbounds/outbound-acknowledgement.ts";
import { findProjectOutbound } from "../../../domain/outbounds/outbound-repository.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";

/**
 * `POST /outbound/{id}/events` `{event}`: the visitor saw (`shown`), clicked (`opened`), finished
 * (`completed`) or closed an outbound. Any of the project's outbounds may be acknowledged, also one
 * withdrawn since it was shown (what the visitor did stays true); another project's reads as missing.
 */
export function handleOutboundEvent({
  sql,
  fanout,
  logger,
}: Pick<WidgetRouteDeps, "sql" | "fanout" | "logger">): WidgetHandler {
  return async ({ request, params, project, session }) => {
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, OutboundEventRequest);
    if (!body.ok) return body.response;
    const id = params.id ?? "";
    const outbound = await findProjectOutbound(sql, project.id, id);
    if (!outbound) return jsonError(404, `No outbound ${id}`);
    const recorded = await acknowledgeOutbound(
      { sql, fanout, logger },
      project,
      session,
      outbound,
      body.value.event,
    );
    return json({ recorded });
  };
}
