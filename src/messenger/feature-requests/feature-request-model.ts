import type { FeatureRequest } from "../../shared/feature-requests-api.ts";
import type { FeatureRequestTextKey } from "./feature-request-texts.ts";

/** The two orders of `GET /feature-requests`; each is its own cached answer. */
export const sorts = ["top", "new"] as const;
export type Sort = (typeof sorts)[number];
export const listPath = (sort: Sort) => `/feature-requests?sort=${sort}`;

/** The request with the session's vote toggled, its count moved with it (the optimistic answer). */
export function toggled(request: FeatureRequest): FeatureRequest {
  const voted = !request.voted;
  return { ...request, voted, votes: Math.max(0, request.votes + (voted ? 1 : -1)) };
}

/** The list with one request replaced (the same order: a vote does not make rows jump). */
export function replaced(list: FeatureRequest[], request: FeatureRequest): FeatureRequest[] {
  return list.some((item) => item.id === request.id)
    ? list.map((item) => (item.id === request.id ? request : item))
    : list;
}

/** Where a new request goes in a list: first among the newest; among `top`, after those with more votes. */
export function withNew(list: FeatureRequest[], request: FeatureRequest, sort: Sort): FeatureRequest[] {
  const rest = list.filter((item) => item.id !== request.id);
  if (sort === "new") return [request, ...rest];
  const at = rest.findIndex((item) => item.votes <= request.votes);
  return at < 0 ? [...rest, request] : [...rest.slice(0, at), request, ...rest.slice(at)];
}

export const limits = { titleMin: 3, titleMax: 200, descriptionMax: 5000 } as const;

export interface RequestDraft {
  title: string;
  description: string;
}

export type DraftErrors = Partial<Record<keyof RequestDraft, FeatureRequestTextKey>>;

/** The rules of `NewFeatureRequest` (src/shared/feature-requests-api.ts), said at their fields. */
export function draftErrors(draft: RequestDraft): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (title.length < limits.titleMin) errors.title = "requests.titleShort";
  else if (title.length > limits.titleMax) errors.title = "requests.titleLong";
  if (draft.description.trim().length > limits.descriptionMax)
    errors.description = "requests.descriptionLong";
  return errors;
}
