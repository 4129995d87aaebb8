import { json } from "../../platform-request.ts";
import type { PublishableHandler } from "./publishable-kind.ts";

/** `GET …/{path}/{id}`: one item; a builder token reads it with the draft it saved. */
export const handlePublishableRead: PublishableHandler =
  ({ sql, kind, notFound }) =>
  async (_request, projectId, id, admin) => {
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    // The builder goes on from the draft it saved (its token is scoped to this one item).
    return json(admin.builder ? await kind.forBuilder(sql, projectId, found) : found);
  };
