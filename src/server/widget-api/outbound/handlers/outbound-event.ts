import { OutboundEventRequest } from "../../../../shared/outbound-api.ts";
import { acknowledgeOutbound } from "../../../domain/outbounds/outbound-acknowledgement.ts";
import { findProjectOutbound } from "../../../domain/outbounds/outbound-repository.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { sessionBodyHandler } from "../../session-body-handler.ts";
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
  return sessionBodyHandler(OutboundEventRequest, async (body, session, { params, project }) => {
    const id = params.id ?? "";
    const outbound = await findProjectOutbound(sql, project.id, id);
    if (!outbound) return jsonError(404, `No outbound ${id}`);
    const recorded = await acknowledgeOutbound(
      { sql, fanout, logger },
      project,
      session,
      outbound,
      body.event,
    );
    return json({ recorded });
  });
}
