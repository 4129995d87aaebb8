import type { Migration } from "../migrations.ts";

/**
 * The help center authored in the admin: *
 * - `help_articles.slug`: a URL-friendly name, unique in a project when set (articles written before
 *   have none, hence the partial index);
 * - `help_articles.body_doc`: the body as the rich-text editor wrote it (TipTap JSON), so it opens
 *   again as written; `body` stays the rendered, sanitized HTML visitors get;
 * - `translations` (JSON) on articles and collections: the German version beside the English one
 *   in the row's own columns, read and written with the row, so a version never half-exists.
 */
export const helpLanguages: Migration = {
  id: 31,
  name: "031-help-languages",
  statements: [
    `ALTER TABLE help_articles ADD COLUMN slug TEXT NOT NULL DEFAULT ''`,
    `ALTER TABLE help_articles ADD COLUMN body_doc TEXT`,
    `ALTER TABLE help_articles ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'`,
    `ALTER TABLE help_collections ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'`,
    `CREATE UNIQUE INDEX help_articles_slug ON help_articles (project_id, slug) WHERE slug <> ''`,
  ],
};
