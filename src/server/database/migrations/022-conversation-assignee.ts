import type { Migration } from "../migrations.ts";

/**
 * A support team in the inbox: conversations get an assignee like reports have, so the
 * admin's alert count ("unassigned or mine") covers both. An admin who is deleted leaves them
 * unassigned; the index serves the "mine" and "unassigned" views and the count.
 */
export const conversationAssignee: Migration = {
  id: 22,
  name: "022-conversation-assignee",
  statements: [
    `ALTER TABLE conversations ADD COLUMN assignee_id TEXT REFERENCES users (id) ON DELETE SET NULL`,
    `CREATE INDEX conversations_assignee ON conversations (assignee_id, status)`,
  ],
};
