import type { Migration } from "../migrations.ts";

/**
 * Security and privacy: what the admin builder saves with its token is a draft revision of
 * its one tour or tooltip, kept apart from the live row until an admin publishes it from the dashboard
 * with the admin's own sign-in. One draft per item (a later builder save replaces it); `content` is the
 * part the builder may change: a tour's steps, a tooltip's selector, text and display mode.
 */
export const builderDrafts: Migration = {
  id: 13,
  name: "013-builder-drafts",
  statements: [
    `CREATE TABLE builder_drafts (
      kind TEXT NOT NULL,
      item_id TEXT NOT NULL,
      project_id TEXT NOT NULL REFERENCES widget_projects (id) ON DELETE CASCADE,
      content TEXT NOT NULL DEFAULT '{}',
      author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
      created_at TEXT NOT NULL DEFAULT '',
      updated_at TEXT NOT NULL DEFAULT '',
      PRIMARY KEY (kind, item_id)
    )`,
    `CREATE INDEX builder_drafts_project ON builder_drafts (project_id)`,
  ],
};
