import type { SQL } from "bun";
import type { Struct } from "superstruct";
import { ProductTourRequest } from "../../../../shared/outbound-api.ts";
import { tourConfigForClient } from "../../../domain/outbounds/outbound-answers.ts";
import type { Outbound } from "../../../domain/outbounds/outbound-repository.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import { contentLanguageOf } from "../../request-language.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { liveOutbound } from "./live-outbound.ts";

export const tourNotFound = (id: string) => jsonError(404, `No product tour ${id}`, "outboundId");

/** The request's body and the live tour its `outboundId` names, or why not (a 400, a 404). */
export async function requestedTour<T extends { outboundId: string }, S>(
  sql: SQL,
  request: Request,
  projectId: string,
  schema: Struct<T, S>,
): Promise<{ body: T; tour: Outbound } | Response> {
  const body = await readJsonBody(request, schema);
  if (!body.ok) return body.response;
  const tour = await liveOutbound(sql, projectId, body.value.outboundId, "tour");
  return tour ? { body: body.value, tour } : tourNotFound(body.value.outboundId);
}

/** `POST /outbound/producttours` `{outboundId}`: a live tour's steps, in the visitor's language. */
export function handleProductTour({ sql }: Pick<WidgetRouteDeps, "sql">): WidgetHandler {
  return async ({ request, project, url, session }) => {
    const asked = await requestedTour(sql, request, project.id, ProductTourRequest);
    if (asked instanceof Response) return asked;
    return json({ config: tourConfigForClient(asked.tour, contentLanguageOf({ url, session })) });
  };
}
