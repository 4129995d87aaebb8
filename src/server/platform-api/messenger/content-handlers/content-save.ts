import type { SQL } from "bun";
import { isUniqueViolation } from "../../../domain/companies/companies-repository.ts";
import type { WriteOutcome } from "../../../domain/repository-helpers.ts";
import { auditedSave } from "../../audited-write.ts";
import { json, readBody } from "../../platform-request.ts";
import type { ProjectItemHandler } from "../projects-routes.ts";
import { type ContentKind, refusal } from "./content-kind.ts";

/**
 * Creates (POST, 201) or updates (PUT, 200) a record from the request body with `run`: the write and
 * its audit entry run in one transaction, and the stored record is the answer.
 */
export function handleContentSave<Write, Record>(
  sql: SQL,
  kind: ContentKind<Write, Record>,
  method: "POST" | "PUT",
  run: (tx: SQL, projectId: string, value: Write, id: string) => Promise<WriteOutcome>,
): ProjectItemHandler {
  return async (request, projectId, id, admin) => {
    const body = await readBody(request, kind.schema);
    if (!body.ok) return body.response;
    let outcome: WriteOutcome;
    try {
      outcome = await auditedSave(sql, method, (tx) => run(tx, projectId, body.value, id), {
        actorId: admin.user.id,
        entity: kind.entity,
        details: { projectId, ...kind.describe(body.value) },
      });
    } catch (error) {
      if (kind.uniqueViolation && !kind.uniqueViolation.ok && isUniqueViolation(error))
        return refusal(kind.uniqueViolation);
      throw error;
    }
    if (!outcome.ok) return refusal(outcome);
    return json(await kind.find(sql, projectId, outcome.id), { status: method === "POST" ? 201 : 200 });
  };
}
