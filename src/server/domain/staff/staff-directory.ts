import type { SQL } from "bun";
import type { StaffMember } from "../../../shared/assignment-api.ts";

/**
 * The staff one can assign work to and mention: enabled accounts with the ADMIN role (the rule of
 * `isAssignableAdmin`), each by the one name every screen uses, in that name's order.
 */
export async function staffDirectory(sql: SQL): Promise<StaffMember[]> {
  const rows = await sql`SELECT id, name AS nickname, COALESCE(display_name, name) AS shown, avatar_url
    FROM users WHERE role = ${"ADMIN"} AND enabled = ${true}
    ORDER BY lower(COALESCE(display_name, name)), id`;
  return (rows as Array<{ id: string; nickname: string; shown: string; avatar_url: string | null }>).map(
    (row) => ({ id: row.id, name: row.shown, nickname: row.nickname, avatarUrl: row.avatar_url || null }),
  );
}
