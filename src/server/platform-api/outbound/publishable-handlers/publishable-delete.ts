import { deleteItemDrafts } from "../../../domain/outbounds/builder-drafts-repository.ts";
import type { PublishableHandler } from "./publishable-kind.ts";

/** `DELETE …/{path}/{id}`: the item and the builder's drafts of it, audited. */
export const handlePublishableDelete: PublishableHandler =
  ({ sql, kind, notFound, audit }) =>
  async (_request, projectId, id, admin) => {
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    await sql.begin(async (tx) => {
      await deleteItemDrafts(tx, kind.builderKind, id);
      if (await kind.remove(tx, projectId, id))
        await audit(tx, admin, "delete", id, { projectId, ...kind.describe(found) });
    });
    await kind.afterChange?.(projectId);
    return new Response(null, { status: 204 });
  };
