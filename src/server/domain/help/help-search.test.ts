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

describe("searchArticles", () => {
  test("an empty query finds nothing", () => {
    expect(searchArticles([article("1", "Sync")], " ")).toEqual([]);
  });

  test("title matches rank above description matches above body matches", () => {
    const results = searchArticles(
      [
        article("body", "Something else", "Nothing here", "How to export your notes"),
        article("title", "Export notes", "Other words", "Unrelated"),
        article("description", "Another topic", "Export to PDF", "More"),
        article("none", "Tags", "Organize", "Group notes"),
      ],
      "export",
    );
    expect(results.map((result) => result.id)).toEqual(["title", "description", "body"]);
  });

  test("a title match outranks any amount of body matches", () => {
    const results = searchArticles(
      [article("body", "Other", "", "sync sync sync sync sync sync"), article("title", "Sync", "", "")],
      "sync",
    );
    expect(results.map((result) => result.id)).toEqual(["title", "body"]);
  });

  test("the phrase beats the same words apart; whole words beat beginnings", () => {
    const phrase = searchArticles(
      [article("apart", "Sync notes offline"), article("phrase", "Offline sync for notes")],
      "offline sync",
    );
    expect(phrase.map((result) => result.id)).toEqual(["phrase", "apart"]);
    const prefix = searchArticles([article("prefix", "Syncing"), article("exact", "Sync")], "sync");
    expect(prefix.map((result) => result.id)).toEqual(["exact", "prefix"]);
  });

  test("articles with every query word come before those with some", () => {
    const results = searchArticles(
      [article("some", "Export", "", ""), article("all", "Notes", "", "You can export them as PDF")],
      "export pdf",
    );
    expect(results.map((result) => result.id)).toEqual(["all", "some"]);
  });

  test("accents and case do not matter", () => {
    const results = searchArticles([article("cafe", "Le Café des Notes")], "CAFE");
    expect(results.map((result) => result.id)).toEqual(["cafe"]);
  });

  test("ties keep a stable order by title, then id", () => {
    const results = searchArticles([article("b", "Tags", "", ""), article("a", "Tags", "", "")], "tags");
    expect(results.map((result) => result.id)).toEqual(["a", "b"]);
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
