import type { FeatureRequest } from "../../shared/feature-requests-api.ts";
import type { MessengerTest } from "./messenger-test-support.ts";
import type { TestSession } from "./outbound-test-support.ts";

/** Toggles the session's vote on feature request `id` through the widget (a 200): the request as it now stands. */
export const toggleVote = (t: MessengerTest, session: TestSession, id: string): Promise<FeatureRequest> =>
  t.widgetJson<FeatureRequest>(session, "POST", `/feature-requests/${id}/vote`, undefined, 200);
