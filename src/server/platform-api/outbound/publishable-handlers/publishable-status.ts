import type { OutboundStatus } from "../../../../shared/outbound-api.ts";
import type { ProjectItemHandler } from "../../messenger/projects-routes.ts";
import { json } from "../../platform-request.ts";
import type { PublishableScope } from "./publishable-kind.ts";

/** `POST …/{path}/{id}/publish` (`live`) and `/unpublish` (`draft`), audited when the status changed. */
export function handlePublishableStatus<Write, Item, Filters extends object>(
  { sql, kind, notFound, audit }: PublishableScope<Write, Item, Filters>,
  status: OutboundStatus,
): ProjectItemHandler {
  return async (_request, projectId, id, admin) => {
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    const changed = await sql.begin(async (tx) => {
      const done = await kind.setStatus(tx, projectId, id, status);
      if (done)
        await audit(tx, admin, status === "live" ? "publish" : "unpublish", id, {
          projectId,
          ...kind.describe(found),
        });
      return done;
    });
    if (changed) await kind.afterChange?.(projectId);
    if (changed && status === "live") await kind.afterPublish?.(projectId);
    return json(await kind.find(sql, projectId, id));
  };
}
