import type { SQL } from "bun";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import type { WriteOutcome } from "../../../domain/repository-helpers.ts";
import type { ProjectItemHandler } from "../projects-routes.ts";
import { type ContentKind, refusal } from "./content-kind.ts";

/** `DELETE …/{id}`: the record, if the project has it, audited in the same transaction. */
export function handleContentDelete<Write, Record>(
  sql: SQL,
  kind: ContentKind<Write, Record>,
): ProjectItemHandler {
  return async (request, projectId, id, admin) => {
    const url = new URL(request.url);
    const outcome = await sql.begin(async (tx): Promise<WriteOutcome> => {
      const found = await kind.find(tx, projectId, id);
      if (!found) return { ok: false, status: 404, error: kind.notFoundMessage };
      const removed = await kind.remove(tx, projectId, id, url);
      if (removed.ok) {
        await recordAudit(tx, {
          actorId: admin.user.id,
          action: `${kind.entity}.delete`,
          entity: kind.entity,
          entityId: id,
          details: { projectId, ...kind.describe(found) },
        });
      }
      return removed;
    });
    return outcome.ok ? new Response(null, { status: 204 }) : refusal(outcome);
  };
}
