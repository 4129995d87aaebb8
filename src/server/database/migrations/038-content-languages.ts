import type { Migration } from "../migrations.ts";

/**
 * Content in the widget's languages (src/shared/content-languages.ts): `translations` (JSON) on
 * feedback flows and news posts, as help articles and collections have since 031: the German and
 * Arabic versions beside the English one in the row's own columns, read and written with the row.
 * Rows written before have none; a default flow's unchanged texts are translated when served.
 */
export const contentLanguages: Migration = {
  id: 38,
  name: "038-content-languages",
  statements: [
    `ALTER TABLE feedback_flows ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'`,
    `ALTER TABLE news_posts ADD COLUMN translations TEXT NOT NULL DEFAULT '{}'`,
  ],
};
