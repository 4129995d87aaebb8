import { featureRequestStatuses } from "../../shared/feature-requests-api.ts";
import { choiceFilter, createListQuery } from "../shell/list/list-url.ts";

/** The board's `visibility` filter (`GET …/feature-requests?visibility=`). */
export const featureRequestVisibilities = ["visible", "hidden"] as const;

/**
 * The board's state as it lives in the URL query: most votes first unless sorted by recency (or title,
 * status), filtered by status and visibility.
 */
export const featureRequestListUrl = createListQuery({
  sortFields: ["votes", "createdAt", "title", "status"] as const,
  defaultSort: { field: "votes", direction: "desc" },
  descendingFirst: ["votes", "createdAt"],
  filters: {
    status: choiceFilter(featureRequestStatuses),
    visibility: choiceFilter(featureRequestVisibilities),
  },
});
export type FeatureRequestListQuery = typeof featureRequestListUrl.defaults;
