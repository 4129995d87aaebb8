import { afterEach, describe, expect, test } from "bun:test";
import type { NewsPost, NewsSummary } from "../../shared/news-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, waitFor } from "../test-support/dom-kit.ts";
import {
  cleanup,
  daysAgo,
  emptyStateTitle,
  pages,
  renderMessenger,
  screenOf,
} from "../test-support/messenger-test-kit.tsx";

afterEach(cleanup);

const posts: NewsSummary[] = [
  {
    id: "n-1",
    title: "Version 3 is here",
    preview: "Shared spaces and offline sync.",
    coverImageUrl: "https://example.com/cover.png",
    authorName: "Lena from Acme",
    publishedAt: daysAgo(1),
  },
  {
    id: "n-2",
    title: "Faster search",
    preview: "",
    coverImageUrl: null,
    authorName: "",
    publishedAt: daysAgo(23),
  },
];

const post: NewsPost = {
  ...(posts[0] as NewsSummary),
  body: '<h2>What\'s new</h2><ul><li><strong>Spaces</strong></li></ul><p><a href="https://example.com/notes">Release notes</a></p>',
};

describe("news", () => {
  test("the posts as cards: cover, title, preview, author and relative date; a tap opens one", async () => {
    const rendered = await renderMessenger({ routes: { "GET /news": posts, "GET /news/n-1": post } });
    await rendered.host({ name: "open-news", data: {} });
    await waitFor(() => qa(rendered.container, "[data-testid=news-card]").length === 2);
    const [first, second] = qa(rendered.container, "[data-testid=news-card]") as [HTMLElement, HTMLElement];
    expect(q<HTMLImageElement>(first, "img.news-cover")?.src).toBe("https://example.com/cover.png");
    expect(q(first, ".news-card-title")?.textContent).toBe("Version 3 is here");
    expect(q(first, ".news-card-preview")?.textContent).toBe("Shared spaces and offline sync.");
    expect(q(first, ".news-byline")?.textContent).toBe("LLena from Acme·yesterday");
    expect(q(second, "img")).toBeNull();
    expect(q(second, ".news-byline")?.textContent).toBe("3 weeks ago");
    await click(first);
    expect(screenOf(rendered.container)).toBe("news-article/n-1");
  });

  test("an article in the wide frame (newsdetails): cover, title, byline, formatted body, links through the host", async () => {
    const rendered = await renderMessenger({ routes: { "GET /news/n-1": post } });
    await rendered.host({ name: "open-news-article", data: { id: "n-1" } });
    await waitFor(() => q(rendered.container, "[data-testid=news-article]"));
    expect(pages(rendered.sent).at(-1)).toBe("newsdetails");
    const { container, sent } = rendered;
    expect(q(container, ".header-title")?.textContent).toBe("Version 3 is here");
    expect(q(container, ".article-title")?.textContent).toBe("Version 3 is here");
    expect(q<HTMLImageElement>(container, ".news-article-cover")?.alt).toBe("");
    expect(q(container, "[data-testid=news-article-body] li strong")?.textContent).toBe("Spaces");
    await click(q(container, "[data-testid=news-article-body] a"));
    expect(sent.filter((message) => message.name === "open-url")).toEqual([
      { name: "open-url", data: "https://example.com/notes", newTab: true },
    ]);
  });

  test("empty and error states", async () => {
    const rendered = await renderMessenger({ routes: { "GET /news": [] } });
    await rendered.host({ name: "open-news", data: {} });
    expect(await emptyStateTitle(rendered.container)).toBe("No news yet");
    await rendered.unmount();
    const failing = await renderMessenger({ routes: { "GET /news": new ApiError("server", 500, "boom") } });
    await failing.host({ name: "open-news", data: {} });
    await waitFor(() => q(failing.container, "[data-testid=error-state]"));
    failing.api.routes["GET /news"] = posts;
    await click(button(failing.container, "Try again"));
    await waitFor(() => qa(failing.container, "[data-testid=news-card]").length === 2);
  });
});
