import { type ProductTourValidation, ProductTourValidationRequest } from "../../../../shared/outbound-api.ts";
import { matchesPageFilterCached } from "../../../domain/outbounds/compiled-page-filters.ts";
import { tourConfigForClient } from "../../../domain/outbounds/outbound-answers.ts";
import { json } from "../../../http/json-response.ts";
import { contentLanguageOf } from "../../request-language.ts";
import type { WidgetHandler } from "../../widget-route.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";
import { requestedTour } from "./product-tour.ts";

/**
 * `POST /outbound/producttourvalidation` `{outboundId, currentUrl}`: whether a live tour's page filter
 * lets it run on the visitor's page, with its steps.
 */
export function handleProductTourValidation({ sql }: Pick<WidgetRouteDeps, "sql">): WidgetHandler {
  return async ({ request, project, url, session }) => {
    const asked = await requestedTour(sql, request, project.id, ProductTourValidationRequest);
    if (asked instanceof Response) return asked;
    const { body, tour } = asked;
    const answer: ProductTourValidation = {
      status: "live",
      passedPageFilter: matchesPageFilterCached(body.currentUrl, tour.pageFilter, tour.pageFilterType),
      config: tourConfigForClient(tour, contentLanguageOf({ url, session })),
    };
    return json(answer);
  };
}
