import type { SQL } from "bun";
import type { VisitorAssignee } from "../../../shared/assignment-api.ts";

/** Who answers a conversation, as its visitor sees them; null while nobody is assigned. */
export async function visitorAssignee(sql: SQL, conversationId: string): Promise<VisitorAssignee | null> {
  const [row] = await sql`SELECT COALESCE(u.display_name, u.name) AS name, u.avatar_url
    FROM conversations c JOIN users u ON u.id = c.assignee_id WHERE c.id = ${conversationId}`;
  const found = row as { name: string; avatar_url: string | null } | undefined;
  return found ? { name: found.name, avatarUrl: found.avatar_url || null } : null;
}
