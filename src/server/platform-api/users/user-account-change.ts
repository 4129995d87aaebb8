import type { SQL } from "bun";
import { userErrors } from "../../../shared/users-api.ts";
import {
  type AccountChange,
  changeAccount,
  findUserDetail,
  type Refusal,
  uniqueConflict,
} from "../../domain/users/users-repository.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";

/** A refused account change as its 4xx. */
export const refusal = (result: Refusal) => jsonError(result.status, result.error, result.field);

/** The user's detail, or its 404. */
export async function userDetailOr404(sql: SQL, id: string): Promise<Response> {
  const user = await findUserDetail(sql, id);
  return user ? json(user) : jsonError(404, userErrors.notFound);
}

/**
 * One account change in its own transaction, answered with the user's detail; a unique index losing a
 * race reads as the conflict.
 */
export async function changeOneAccount(
  { sql, staffAccessChanged }: Pick<PlatformDeps, "sql" | "staffAccessChanged">,
  actorId: string,
  id: string,
  change: AccountChange,
  options: Parameters<typeof changeAccount>[4],
): Promise<Response> {
  try {
    const result = await sql.begin((tx: SQL) => changeAccount(tx, actorId, id, change, options));
    if (result.refused) return refusal(result);
    // A ban or a role change ends the account's staff sockets too, not only its HTTP calls.
    if (result.changes.enabled || result.changes.role) staffAccessChanged?.(id);
  } catch (error) {
    const conflict = uniqueConflict(error);
    if (conflict) return refusal(conflict);
    throw error;
  }
  return userDetailOr404(sql, id);
}
