import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { AdminNewsPost } from "../../shared/news-api.ts";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";

/** When a stored test record was written. */
export const storedTimes = { createdAt: "2026-11-01T00:00:00Z", updatedAt: "2026-11-01T00:00:00Z" };

/** What a request says of an outbound shown once and unscheduled, at its priority 0. */
export const unscheduled = { priority: 0, frequency: "once", startsAt: null, endsAt: null } as const;

/** What a request says of an outbound shown to everyone on every page. */
export const everywhere = { pageFilter: "", pageFilterType: "", audience: "all" } as const;

/** A stored outbound of `type` with `config`, as the API answers it; `fields` says the rest. */
export function storedOutbound(
  type: AdminOutbound["type"],
  config: Record<string, unknown>,
  fields: Pick<AdminOutbound, "name" | "status" | "pageFilter" | "pageFilterType" | "audience">,
): AdminOutbound {
  return {
    id: "o1",
    projectId: "p1",
    type,
    config,
    ...fields,
    ...unscheduled,
    publishedAt: null,
    ...storedTimes,
  };
}

/** A rich-text document of one paragraph saying `text`. */
export const textDoc = (text: string): TipTapDoc => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

/** A stored draft news post with no body, cover, author or versions, as the API answers it; `fields` says the rest. */
export const storedNewsPost = (fields: Partial<AdminNewsPost>): AdminNewsPost => ({
  id: "n1",
  title: "News",
  preview: "",
  body: "",
  bodyDoc: null,
  coverImageUrl: null,
  authorName: "",
  status: "draft",
  publishedAt: null,
  translations: {},
  ...storedTimes,
  ...fields,
});
