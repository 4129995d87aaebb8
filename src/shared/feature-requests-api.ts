import { array, boolean, enums, type Infer, object, optional, refine, size } from "superstruct";
import { boundedText, type Stored, uniqueBy } from "./payload-text.ts";

/**
 * The messenger's feature requests: what the frame app reads and writes under `/api/widget` with the
 * session headers, and what the admin writes under `/api/projects/{projectId}/…`.
 *
 * Widget routes (session auth, JSON):
 *   GET  /feature-requests?sort=top|new       → FeatureRequest[]
 *   POST /feature-requests                    NewFeatureRequest → FeatureRequest (201; `pending` when the
 *                                             project approves requests first; 429 with Retry-After past
 *                                             the per-session or per-IP quota)
 *   POST /feature-requests/{id}/vote          → FeatureRequest (toggles the session's vote; 429 past the vote rate)
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   feature-requests:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is FeatureRequestWrite;
 *     404 unknown project or record, 400 invalid fields
 *   GET  feature-requests/pending                         → AdminFeatureRequest list (awaiting approval)
 *   POST feature-requests/{id}/approve                    → AdminFeatureRequest (now public)
 *   POST feature-requests/{id}/merge  FeatureRequestMerge → AdminFeatureRequest (votes combined; the
 *        duplicates deleted; 404 an unknown one, 400 merging a request into itself)
 *   the list takes `visibility=visible|hidden` besides `status`
 */

export const featureRequestStatuses = ["open", "planned", "in_progress", "done", "declined"] as const;
export type FeatureRequestStatus = (typeof featureRequestStatuses)[number];

export const NewFeatureRequest = object({
  title: boundedText(3, 200),
  description: optional(boundedText(0, 5000)),
});
export type NewFeatureRequest = Infer<typeof NewFeatureRequest>;

/**
 * The admin's edit: wording and status, and `hidden` to take a request off the visitors' board
 * (left out, a request keeps whether it was hidden).
 */
export const FeatureRequestWrite = object({
  ...NewFeatureRequest.schema,
  status: enums(featureRequestStatuses),
  hidden: optional(boolean()),
});
export type FeatureRequestWrite = Infer<typeof FeatureRequestWrite>;

/** Most duplicates one merge takes (a board's cleanup, not a bulk import). */
export const featureRequestMergeLimit = 50;

/**
 * `POST feature-requests/{id}/merge`: the duplicates to fold into request `{id}`. Their voters vote
 * for `{id}` afterwards (a visitor who voted for several counts once) and the duplicates are deleted.
 */
export const FeatureRequestMerge = object({
  duplicateIds: refine(size(array(boundedText(1, 128)), 1, featureRequestMergeLimit), "duplicateIds", (ids) =>
    uniqueBy(ids, (id) => id, "duplicate ids"),
  ),
});
export type FeatureRequestMerge = Infer<typeof FeatureRequestMerge>;

/** `GET /feature-requests` answers at most this many (sorted `top`: most votes first, or `new`). */
export const featureRequestListLimit = 200;

export interface FeatureRequest {
  id: string;
  title: string;
  description: string;
  status: FeatureRequestStatus;
  votes: number;
  /** Whether this session voted for it. */
  voted: boolean;
  /**
   * Waiting for an admin's approval (projects that approve requests first): only its author sees it
   * until then. The server always sends it; optional for answers stored before it existed.
   */
  pending?: boolean;
  createdAt: string;
}

// ---------- admin answers (under /api/projects) ----------

export interface AdminFeatureRequest extends Stored {
  title: string;
  description: string;
  status: FeatureRequestStatus;
  votes: number;
  /** Public on the board; false while a visitor's request waits for approval. */
  approved: boolean;
  /** Taken off the visitors' board by an admin (not even its author sees it). */
  hidden: boolean;
  /** The widget session that submitted it; null for the admin's own. */
  sessionId: string | null;
}
