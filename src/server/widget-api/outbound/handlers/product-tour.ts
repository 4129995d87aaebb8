import { ProductTourRequest } from "../../../../shared/outbound-api.ts";
import { tourConfigForClient } from "../../../domain/outbounds/outbound-answers.ts";
import { json, jsonError } from "../../../http/json-response.ts";
import { readJsonBody } from "../../../http/read-json-body.ts";
import { contentLanguageOf } from "../../request-language.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { liveOutbound } from "./live-outbound.ts";

export const tourNotFound = (id: string) => jsonError(404, `No product tour ${id}`, "outboundId");

/** `POST /outbound/producttours` `{outboundId}`: a live tour's steps, in the visitor's language. */
export function handleProductTour({ sql }: Pick<WidgetRouteDeps, "sql">): WidgetHandler {
  return async ({ request, project, url, session }) => {
    const body = await readJsonBody(request, ProductTourRequest);
    if (!body.ok) return body.response;
    const tour = await liveOutbound(sql, project.id, body.value.outboundId, "tour");
    if (!tour) return tourNotFound(body.value.outboundId);
    return json({ config: tourConfigForClient(tour, contentLanguageOf({ url, session })) });
  };
}
