import type { SQL } from "bun";

/** An enabled admin with an address: someone the unread alert can reach. */
export interface MailableAdmin {
  id: string;
  email: string;
  /** Asked on their profile for the alert about unassigned conversations too. */
  wantsUnassigned: boolean;
}

export async function mailableAdmins(sql: SQL): Promise<MailableAdmin[]> {
  const rows = await sql`SELECT id, email, unassigned_unread_mail FROM users
    WHERE role = 'ADMIN' AND enabled = ${true} AND email IS NOT NULL ORDER BY email`;
  return (rows as Array<{ id: string; email: string; unassigned_unread_mail: unknown }>).map((row) => ({
    id: row.id,
    email: row.email,
    wantsUnassigned: Boolean(row.unassigned_unread_mail),
  }));
}

/**
 * Who hears about a waiting conversation: its assignee when they can be mailed; otherwise (nobody
 * assigned, or the assignee disabled or without an address) the admins who asked for unassigned
 * conversations, and no one else.
 */
export function recipientsOf(assigneeId: string | null, admins: readonly MailableAdmin[]): MailableAdmin[] {
  const assignee = assigneeId ? admins.find((admin) => admin.id === assigneeId) : undefined;
  if (assignee) return [assignee];
  return admins.filter((admin) => admin.wantsUnassigned);
}
