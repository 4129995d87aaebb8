import type { Migration } from "../migrations.ts";

/**
 * A rich-text editor for every body a visitor reads: `news_posts.body_doc` keeps a post's
 * body as the editor wrote it (TipTap JSON), so it opens again as written; `body` stays the
 * rendered, sanitized HTML the messenger gets. Posts written before have none and keep their HTML.
 */
export const newsBodyDoc: Migration = {
  id: 29,
  name: "029-news-body-doc",
  statements: [`ALTER TABLE news_posts ADD COLUMN body_doc TEXT`],
};
