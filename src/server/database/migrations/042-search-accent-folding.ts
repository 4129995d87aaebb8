import type { Migration } from "../migrations.ts";
import {
  conversationSearchTable,
  facetMark,
  ftsTableOf,
  reportSearchTable,
  type SearchTable,
} from "./040-report-search-schema.ts";

/**
 * Search folds accents (docs/search.md): `cafe` finds `Café`, `muller` finds `Müller` and `Müller`
 * finds `muller`. The search documents of migration 040 stay as they are (snippets show the text as
 * written); each engine's index of them is made again, folding, and filled from every document
 * already stored:
 *
 * - SQLite: the FTS5 tables with `unicode61 remove_diacritics 2` (040 kept accents), rebuilt from
 *   their document tables. The triggers that keep them in step name them and need no change. FTS5
 *   folds a search's words with the same tokenizer, so `Müller` searches `muller`.
 * - PostgreSQL: the text search configuration `search_folded`, `simple` with the `unaccent` extension's
 *   dictionary before it for every kind of word that is not plain ASCII, and the generated vector
 *   column made again with it (the table is written again: every stored document is indexed anew)
 *   with its GIN index. Searches parse their words with the same configuration (search-index.ts).
 *
 * `unaccent` ships with PostgreSQL (contrib; Debian's `postgresql` package has it) and is a trusted
 * extension since PostgreSQL 13: an account that may create objects in the database (its owner, or one
 * granted CREATE on it) creates it without being a superuser. An account that may not gets an error
 * saying what to run; nothing of this migration is kept then, and the next start tries again.
 */

/** The text search configuration of the searched words and texts on PostgreSQL. */
export const postgresSearchConfig = "search_folded";

/**
 * The PostgreSQL parser's kinds of words that can hold a letter outside ASCII. The texts are ASCII
 * punctuation apart before they are parsed (040), so no hyphenated word, e-mail or address reaches
 * the parser; the plain ASCII kinds keep `simple` alone.
 */
const foldedTokenTypes = ["word", "numword", "hword", "numhword", "hword_part", "hword_numpart"];

/**
 * The extension (when this account may create it, or someone did), then the configuration with the
 * extension's dictionary named by the schema it lives in, whichever that is.
 */
const postgresConfiguration = `DO $$
DECLARE
  dictionary text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS unaccent;
  EXCEPTION WHEN OTHERS THEN
    RAISE EXCEPTION 'search folds accents with PostgreSQL''s unaccent extension, which could not be created (%): have a superuser or the database''s owner run CREATE EXTENSION unaccent in this database, or grant this account CREATE on it, then start again', SQLERRM;
  END;
  SELECT format('%I.unaccent', n.nspname) INTO dictionary
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
  CREATE TEXT SEARCH CONFIGURATION ${postgresSearchConfig} (COPY = simple);
  EXECUTE format('ALTER TEXT SEARCH CONFIGURATION ${postgresSearchConfig} ALTER MAPPING FOR %s WITH %s, simple',
    '${foldedTokenTypes.join(", ")}', dictionary);
END $$`;

/** One column's words, as 040 made them (ASCII punctuation made spaces) but parsed with the folding configuration. */
const columnVector = (column: string, weight: string) =>
  `setweight(to_tsvector('${postgresSearchConfig}'::regconfig, regexp_replace(${column}, '[[:punct:]]', ' ', 'g')), '${weight}')`;

/** The facets as verbatim lexemes behind `facetMark`, exactly as 040 made them. */
const facetVector = `array_to_tsvector(string_to_array('${facetMark}' || replace(facets, ' ', ' ${facetMark}'), ' '))`;

/** PostgreSQL: the generated vector made again (dropping it drops its GIN index), then its index. */
function postgresIndex(search: SearchTable): string[] {
  const vector = [...search.columns.map((c) => columnVector(c.column, c.weight)), facetVector].join(" || ");
  return [
    `ALTER TABLE ${search.table} DROP COLUMN search_vector`,
    `ALTER TABLE ${search.table} ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vector}) STORED`,
    `CREATE INDEX ${search.table}_vector ON ${search.table} USING gin (search_vector)`,
  ];
}

/** SQLite: the FTS5 table made again with accents folded, then filled from its document table. */
function sqliteIndex(search: SearchTable): string[] {
  const fts = ftsTableOf(search.table);
  const columns = [...search.columns.map((c) => c.column), "facets"];
  return [
    `DROP TABLE ${fts}`,
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns.join(", ")}, content='${search.table}',
      content_rowid='doc_id', tokenize='unicode61 remove_diacritics 2')`,
    `INSERT INTO ${fts} (${fts}) VALUES ('rebuild')`,
  ];
}

export const searchAccentFolding: Migration = {
  id: 42,
  name: "042-search-accent-folding",
  statements: [],
  engineStatements: {
    sqlite: [...sqliteIndex(conversationSearchTable), ...sqliteIndex(reportSearchTable)],
    postgres: [
      postgresConfiguration,
      ...postgresIndex(conversationSearchTable),
      ...postgresIndex(reportSearchTable),
    ],
  },
};
