import { afterEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import type {
  HelpArticle,
  HelpArticleSummary,
  HelpCollection,
  HelpSearchResult,
} from "../../shared/help-center-api.ts";
import { helpSearchLimits } from "../../shared/help-center-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, settle, type, waitFor } from "../test-support/dom-kit.ts";
import {
  cleanup,
  daysAgo,
  emptyStateTitle,
  pages,
  renderMessenger,
  screenOf,
} from "../test-support/messenger-test-kit.tsx";
import { highlight, searchDebounceMs } from "./help-search.tsx";

afterEach(cleanup);

/**
 * The search waits for typing to settle on a timer: what the visitor does (`typing`) runs on a fake
 * clock, which then moves on by the settle time instead of the test waiting it out.
 */
async function settled(typing: () => Promise<void>) {
  jest.useFakeTimers();
  try {
    await typing();
    await act(async () => jest.advanceTimersByTime(searchDebounceMs));
  } finally {
    jest.useRealTimers();
  }
}

const collections: HelpCollection[] = [
  { id: "c-1", title: "Getting started", description: "The basics.", icon: "rocket", articleCount: 3 },
  { id: "c-2", title: "Billing", description: "", icon: "💳", articleCount: 1 },
];

const results: HelpSearchResult[] = [
  {
    id: "a-1",
    collectionId: "c-1",
    title: "Share a space",
    description: "Invite your team.",
    snippet: "A shared space is a notebook your whole team works in.",
    score: 10,
  },
  { id: "a-2", collectionId: "c-2", title: "Invoices", description: "Download them.", snippet: "", score: 2 },
];

const article: HelpArticle = {
  id: "a-1",
  collectionId: "c-1",
  title: "Share a space",
  description: "Invite your team.",
  body: '<p>Open <strong>Share</strong>. See <a href="https://example.com/roles">roles</a> or <a href="mailto:help@example.com">mail us</a>.</p>',
  updatedAt: daysAgo(3),
};

async function openHelp(routes: Record<string, unknown> = {}) {
  const rendered = await renderMessenger({ routes: { "GET /help/collections": collections, ...routes } });
  await rendered.host({ name: "open-helpcenter", data: {} });
  await waitFor(() =>
    q(
      rendered.container,
      "[data-testid=help-collections], [data-testid=empty-state], [data-testid=error-state]",
    ),
  );
  return rendered;
}

describe("help center", () => {
  test("collections with their article counts; a tap opens one", async () => {
    const { container } = await openHelp({
      "GET /help/collections/c-1": {
        collection: collections[0],
        articles: [
          { id: "a-1", collectionId: "c-1", title: "Share a space", description: "Invite your team." },
          { id: "a-3", collectionId: "c-1", title: "Shortcuts", description: "" },
        ] satisfies HelpArticleSummary[],
      },
    });
    const rows = qa(container, "[data-testid=help-collection]");
    expect(rows.map((row) => q(row, ".row-title")?.textContent)).toEqual(["Getting started", "Billing"]);
    expect(rows.map((row) => q(row, ".help-count")?.textContent)).toEqual(["3 articles", "1 article"]);
    expect(q(rows[1] as HTMLElement, ".emoji-icon")?.textContent).toBe("💳");
    await click(rows[0] as HTMLElement);
    expect(screenOf(container)).toBe("help-collection/c-1");
    await waitFor(() => qa(container, "[data-testid=help-article-row]").length === 2);
    expect(q(container, ".header-title")?.textContent).toBe("Getting started");
    expect(q(container, ".help-collection-head .help-count")?.textContent).toBe("2 articles");
    await click(qa(container, "[data-testid=help-article-row]")[0] as HTMLElement);
    expect(screenOf(container)).toBe("help-article/a-1");
  });

  test("German counts, and an empty help center that offers a message instead", async () => {
    const german = await renderMessenger({
      routes: { "GET /help/collections": collections },
      overrideLanguage: "de",
    });
    await german.host({ name: "open-helpcenter", data: {} });
    await waitFor(() => q(german.container, "[data-testid=help-collections]"));
    expect(qa(german.container, ".help-count").map((count) => count.textContent)).toEqual([
      "3 Artikel",
      "1 Artikel",
    ]);
    expect(q<HTMLInputElement>(german.container, "[data-testid=help-search-input]")?.placeholder).toBe(
      "Hilfe durchsuchen",
    );
    await german.unmount();
    const { container } = await openHelp({ "GET /help/collections": [] });
    expect(q(container, ".state-title")?.textContent).toBe("No help articles yet");
    await click(button(container, "Send us a message"));
    expect(screenOf(container)).toBe("new-conversation");
  });

  test("an error offers Retry", async () => {
    const rendered = await openHelp({ "GET /help/collections": new ApiError("offline", 0, "down") });
    expect(q(rendered.container, "[data-testid=error-state]")).not.toBeNull();
    rendered.api.routes["GET /help/collections"] = collections;
    await click(button(rendered.container, "Try again"));
    await waitFor(() => q(rendered.container, "[data-testid=help-collections]"));
  });
});

describe("help search", () => {
  test("typing searches once it settles; ranked results with the words marked and their collection", async () => {
    const { container, api } = await openHelp({ "GET /help/search?q=share%20team": results });
    const input = q<HTMLInputElement>(container, "[data-testid=help-search-input]");
    expect(q(container, "search label")?.textContent).toBe("Search the help center");
    expect(input?.maxLength).toBe(helpSearchLimits.queryLength);
    await settled(async () => {
      await type(input, "s");
      await type(input, "sh");
      await type(input, "share team");
    });
    await waitFor(() => qa(container, "[data-testid=help-result]").length === 2);
    // One request for the settled term, none for what was typed on the way.
    expect(api.calls.filter((call) => call.path.startsWith("/help/search")).map((call) => call.path)).toEqual(
      ["/help/search?q=share%20team"],
    );
    const first = qa(container, "[data-testid=help-result]")[0] as HTMLElement;
    expect(q(first, ".row-title")?.textContent).toBe("Share a space");
    expect(qa(first, "mark").map((mark) => mark.textContent)).toEqual(["Share", "share", "team"]);
    expect(q(first, ".help-result-collection")?.textContent).toBe("In Getting started");
    // No snippet: the description stands in.
    expect(
      q(qa(container, "[data-testid=help-result]")[1] as HTMLElement, ".help-snippet")?.textContent,
    ).toBe("Download them.");
    expect(q(container, "[data-testid=help-results-status]")?.textContent).toBe("2 results");
    await click(first);
    expect(screenOf(container)).toBe("help-article/a-1");
    // Back: the same search, its results at once.
    await click(q(container, "[data-testid=frame-back]"));
    await waitFor(() => qa(container, "[data-testid=help-result]").length === 2);
    expect(q<HTMLInputElement>(container, "[data-testid=help-search-input]")?.value).toBe("share team");
    expect(api.count("GET /help/search?q=share%20team")).toBe(1);
  });

  test("no results: says so with the term, and offers to ask the team", async () => {
    const { container } = await openHelp({ "GET /help/search?q=xyz": [] });
    await settled(() => type(q<HTMLInputElement>(container, "[data-testid=help-search-input]"), "xyz"));
    expect(await emptyStateTitle(container)).toBe("No results for “xyz”");
    expect(q(container, "[data-testid=help-results-status]")?.textContent).toBe("No results for “xyz”");
    await click(button(container, "Send us a message"));
    expect(screenOf(container)).toBe("new-conversation");
  });

  test("Escape clears the search instead of closing the widget; clearing shows the collections again", async () => {
    const { container, sent } = await openHelp({ "GET /help/search?q=share": results });
    const input = q<HTMLInputElement>(container, "[data-testid=help-search-input]");
    await settled(() => type(input, "share"));
    await waitFor(() => q(container, "[data-testid=help-results]"));
    await settled(() =>
      act(async () => {
        input?.dispatchEvent(
          new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }),
        );
      }),
    );
    expect(input?.value).toBe("");
    expect(sent.some((message) => message.name === "close-widget")).toBe(false);
    await waitFor(() => q(container, "[data-testid=help-collections]"));
  });

  test("the host's open-helpcenter-search opens the search with its term", async () => {
    const rendered = await renderMessenger({
      routes: { "GET /help/collections": collections, "GET /help/search?q=invoice": [results[1]] },
    });
    await rendered.host({ name: "open-helpcenter-search", data: { term: "invoice" } });
    expect(screenOf(rendered.container)).toBe("help-search/invoice");
    await waitFor(() => qa(rendered.container, "[data-testid=help-result]").length === 1);
    expect(q<HTMLInputElement>(rendered.container, "[data-testid=help-search-input]")?.value).toBe("invoice");
    expect(pages(rendered.sent).at(-1)).toBe("helpcenter");
  });

  test("highlight marks the query's words (two letters or more) wherever they occur, in any case", () => {
    const parts = highlight("Export notes as Markdown (export)", "EXPORT mark x");
    const marked = parts.filter((part) => typeof part !== "string") as Array<{ props: { children: string } }>;
    expect(marked.map((part) => part.props.children)).toEqual(["Export", "Mark", "export"]);
    expect(highlight("Nothing", "")).toEqual(["Nothing"]);
  });
});

describe("help article", () => {
  test("wide frame, title, lead and update date, the body's formatting; links open through the host", async () => {
    const rendered = await renderMessenger({
      routes: { "GET /help/articles/a-1": article, "GET /help/collections": collections },
    });
    await rendered.host({ name: "open-help-article", data: { articleId: "a-1" } });
    await waitFor(() => q(rendered.container, "[data-testid=help-article]"));
    const { container, sent } = rendered;
    expect(pages(sent).at(-1)).toBe("appextended");
    expect(q(container, ".article-title")?.textContent).toBe("Share a space");
    expect(q(container, ".article-lead")?.textContent).toBe("Invite your team.");
    expect(q(container, ".article-meta")?.textContent).toBe("Updated 3 days ago");
    await waitFor(() => q(container, ".header-title")?.textContent === "Getting started");
    expect(q(container, "[data-testid=help-article-body] strong")?.textContent).toBe("Share");
    await click(q(container, "[data-testid=help-article-body] a[href^=https]"));
    await click(q(container, "[data-testid=help-article-body] a[href^=mailto]"));
    expect(sent.filter((message) => message.name === "open-url")).toEqual([
      { name: "open-url", data: "https://example.com/roles", newTab: true },
      { name: "open-url", data: "mailto:help@example.com", newTab: true },
    ]);
    await click(button(container, "Send us a message"));
    expect(screenOf(container)).toBe("new-conversation");
    await settle();
  });

  test("loading shows a skeleton; a missing article says so", async () => {
    const rendered = await renderMessenger({ routes: { "GET /help/articles/a-1": new Promise(() => {}) } });
    await rendered.host({ name: "open-help-article", data: { articleId: "a-1" } });
    await waitFor(() => q(rendered.container, ".article-page[aria-busy=true]"));
    await rendered.host({ name: "open-help-article", data: { articleId: "gone" } });
    await waitFor(() => q(rendered.container, "[data-testid=error-state]"));
  });
});
