import type { SQL } from "bun";
import type { Struct } from "superstruct";
import type { WriteOutcome } from "../../../domain/repository-helpers.ts";
import type { ListQuery } from "../../../http/list-query.ts";
import { jsonError } from "../../platform-request.ts";

/**
 * One kind of messenger content an admin manages under `/api/projects/{projectId}/{path}`: list,
 * detail, create, update (PUT, the whole record) and delete, each write audited in its transaction.
 */
export interface ContentKind<Write, Record> {
  /** Below the project, e.g. `feedback-flows`, `help/articles`. */
  path: string;
  /** The audit log's entity; actions are `{entity}.create`, `.update` and `.delete`. */
  entity: string;
  notFoundMessage: string;
  schema: Struct<Write, unknown>;
  sortable: { [field: string]: string };
  defaultSort: string;
  list(sql: SQL, projectId: string, query: ListQuery): Promise<{ items: Record[]; total: number }>;
  find(sql: SQL, projectId: string, id: string): Promise<Record | null>;
  insert(sql: SQL, projectId: string, body: Write): Promise<WriteOutcome>;
  update(sql: SQL, projectId: string, id: string, body: Write): Promise<WriteOutcome>;
  remove(sql: SQL, projectId: string, id: string, url: URL): Promise<WriteOutcome>;
  /** What the audit entry records of a record (its title or name). */
  describe(value: Write | Record): { [key: string]: unknown };
  /** What a unique index refusing the write means (a racing write took the key meanwhile). */
  uniqueViolation?: WriteOutcome;
}

/** A write the repository refused, answered as its status. */
export const refusal = (outcome: Extract<WriteOutcome, { ok: false }>) =>
  jsonError(outcome.status, outcome.error, outcome.field);
