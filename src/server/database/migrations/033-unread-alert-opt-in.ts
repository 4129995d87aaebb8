import type { Migration } from "../migrations.ts";

/**
 * `users.unassigned_unread_mail`: whether an admin wants the unread-alert digest for conversations
 * nobody is assigned to. Off for everyone until they tick it on their profile: the digest of an
 * assigned conversation goes to its assignee, and unassigned ones only to admins who asked for them,
 * instead of to every admin of the installation.
 */
export const unreadAlertOptIn: Migration = {
  id: 33,
  name: "033-unread-alert-opt-in",
  statements: [`ALTER TABLE users ADD COLUMN unassigned_unread_mail BOOLEAN NOT NULL DEFAULT FALSE`],
};
