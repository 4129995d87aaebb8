import { describe, expect, test } from "bun:test";
import { queryTerms, type SearchableArticle, searchArticles, snippetAround } from "./help-search.ts";

const article = (id: string, title: string, description = "", bodyText = ""): SearchableArticle => ({
  id,
  collectionId: "c",
  title,
  description,
  bodyText,
});

describe("queryTerms", () => {
  test("folds case and accents and splits into words", () => {
    expect(queryTerms("  Café  RÉSUMÉ, export-PDF ")).toEqual(["cafe", "resume", "export", "pdf"]);
  });

  test("drops one-letter words unless nothing else is left", () => {
    expect(queryTerms("a sync")).toEqual(["sync"]);
    expect(queryTerms("a")).toEqual(["a"]);
    expect(queryTerms("  ")).toEqual([]);
  });
});

/** The ids `searchArticles` answers for `query` among `articles`, best first. */
const foundIds = (query: string, ...articles: SearchableArticle[]) =>
  searchArticles(articles, query).map((result) => result.id);

describe("searchArticles", () => {
  test("an empty query finds nothing", () => {
    expect(searchArticles([article("1", "Sync")], " ")).toEqual([]);
  });

  /** A query, the articles it searches and the ids it must answer, best first: one test each. */
  const rankings: Array<[name: string, query: string, articles: SearchableArticle[], ids: string[]]> = [
    [
      "title matches rank above description matches above body matches",
      "export",
      [
        article("body", "Something else", "Nothing here", "How to export your notes"),
        article("title", "Export notes", "Other words", "Unrelated"),
        article("description", "Another topic", "Export to PDF", "More"),
        article("none", "Tags", "Organize", "Group notes"),
      ],
      ["title", "description", "body"],
    ],
    [
      "a title match outranks any amount of body matches",
      "sync",
      [article("body", "Other", "", "sync sync sync sync sync sync"), article("title", "Sync", "", "")],
      ["title", "body"],
    ],
    [
      "articles with every query word come before those with some",
      "export pdf",
      [article("some", "Export", "", ""), article("all", "Notes", "", "You can export them as PDF")],
      ["all", "some"],
    ],
    ["accents and case do not matter", "CAFE", [article("cafe", "Le Café des Notes")], ["cafe"]],
    [
      "ties keep a stable order by title, then id",
      "tags",
      [article("b", "Tags", "", ""), article("a", "Tags", "", "")],
      ["a", "b"],
    ],
  ];
  for (const [name, query, articles, ids] of rankings) {
    test(name, () => {
      expect(foundIds(query, ...articles)).toEqual(ids);
    });
  }

  test("the phrase beats the same words apart; whole words beat beginnings", () => {
    expect(
      foundIds(
        "offline sync",
        article("apart", "Sync notes offline"),
        article("phrase", "Offline sync for notes"),
      ),
    ).toEqual(["phrase", "apart"]);
    expect(foundIds("sync", article("prefix", "Syncing"), article("exact", "Sync"))).toEqual([
      "exact",
      "prefix",
    ]);
  });

  test("at most `limit` results", () => {
    const many = Array.from({ length: 30 }, (_, index) => article(String(index).padStart(2, "0"), "Sync"));
    expect(searchArticles(many, "sync")).toHaveLength(20);
    expect(searchArticles(many, "sync", 5)).toHaveLength(5);
  });

  test("the snippet is plain text around the first body match, else the description", () => {
    const body = `${"Intro words here. ".repeat(20)}Turn on offline mode under Settings. ${"More text follows. ".repeat(20)}`;
    const [result] = searchArticles([article("1", "Settings", "About offline use", body)], "offline");
    expect(result?.snippet).toContain("Turn on offline mode under Settings.");
    expect(result?.snippet.startsWith("…")).toBe(true);
    expect(result?.snippet.endsWith("…")).toBe(true);
    expect((result?.snippet.length ?? 0) <= 162).toBe(true);
    const [described] = searchArticles(
      [article("2", "Other", "Work offline anywhere", "No match")],
      "offline",
    );
    expect(described?.snippet).toBe("Work offline anywhere");
  });
});

describe("snippetAround", () => {
  test("short texts come back whole, spaces collapsed", () => {
    expect(snippetAround("a\n\nb   c", 3)).toBe("a b c");
  });

  test("a match near the end keeps a full window", () => {
    const text = `${"word ".repeat(60)}target`;
    const snippet = snippetAround(text, text.indexOf("target"));
    expect(snippet.endsWith("target")).toBe(true);
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.length).toBeGreaterThan(140);
  });
});
