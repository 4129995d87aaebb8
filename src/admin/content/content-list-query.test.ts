import { describe, expect, test } from "bun:test";
import { asPage } from "./content-api.ts";
import { contentListApiParams, contentListUrl } from "./content-list-query.ts";
import { newsRow, outboundRow, pageFilterSummary, surveyRow, tooltipRow } from "./content-row.ts";
import { storedNewsPost } from "./content-test-kit.ts";

describe("content list query", () => {
  test("an empty query string lists every status, newest first, and keeps the URL clean", () => {
    expect(contentListUrl.parse("")).toEqual(contentListUrl.defaults);
    expect(contentListUrl.defaults.status).toBeNull();
    expect(contentListUrl.search(contentListUrl.defaults)).toBe("");
  });

  test("search, status and page survive a round trip; an unknown status is ignored", () => {
    const query = contentListUrl.parse("?q=%20sale%20&status=live&page=3&pageSize=50");
    expect(query).toMatchObject({ q: "sale", status: "live", page: 3, pageSize: 50 });
    expect(contentListUrl.parse(contentListUrl.search(query))).toEqual(query);
    expect(contentListUrl.parse("?status=archived").status).toBeNull();
  });

  test("outbound kinds ask the one outbound collection by type, without a sort it does not list", () => {
    const query = contentListUrl.parse("?status=draft");
    expect(contentListApiParams("banners", query).toString()).toBe(
      "status=draft&page=1&pageSize=25&type=banner",
    );
    expect(contentListApiParams("tours", query).get("type")).toBe("tour");
    expect(contentListApiParams("tooltips", query).toString()).toBe("status=draft&page=1&pageSize=25");
  });

  test("news and surveys keep their API's newest-first sort and take no type", () => {
    const params = contentListApiParams("surveys", contentListUrl.defaults);
    expect(params.get("sort")).toBe("-createdAt");
    expect(params.has("type")).toBe(false);
  });
});

describe("list answers", () => {
  test("a plain array is cut into the asked page with its total", () => {
    expect(asPage([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], total: 5, page: 2, pageSize: 2 });
    const page = { items: [1], total: 9, page: 1, pageSize: 1 };
    expect(asPage(page, 1, 25)).toBe(page);
  });
});

describe("content rows", () => {
  const times = { createdAt: "2026-11-01T10:00:00Z", updatedAt: "2026-11-02T10:00:00Z" };

  test("every kind becomes the same row: name, status, pages, when it changed", () => {
    expect(
      outboundRow({
        id: "o1",
        projectId: "p",
        type: "banner",
        name: "Sale",
        status: "live",
        config: {},
        pageFilter: " /pricing ",
        pageFilterType: "contains",
        audience: "all",
        priority: 0,
        frequency: "once",
        startsAt: null,
        endsAt: null,
        publishedAt: null,
        shown: 7,
        ...times,
      }),
    ).toEqual({
      id: "o1",
      name: "Sale",
      status: "live",
      pages: "contains /pricing",
      shown: 7,
      changedAt: times.updatedAt,
    });
    expect(
      tooltipRow({
        id: "t1",
        name: "Tip",
        selector: "#a",
        html: "",
        mode: "plain",
        status: "draft",
        createdAt: times.createdAt,
      }),
    ).toMatchObject({ pages: "", changedAt: times.createdAt });
    expect(
      surveyRow({
        id: "s1",
        title: "NPS",
        description: "",
        questions: [],
        allowMultipleAnswers: false,
        thankYouMessage: "",
        status: "live",
        responses: 8,
        ...times,
      }),
    ).toMatchObject({ name: "NPS", responses: 8 });
    expect(newsRow(storedNewsPost({ title: "3.0" }))).toMatchObject({ name: "3.0", status: "draft" });
  });

  test("a filter without its type or value shows on every page", () => {
    expect(pageFilterSummary("", "/x")).toBe("");
    expect(pageFilterSummary("is", "  ")).toBe("");
    expect(pageFilterSummary("startswith", "/docs")).toBe("startswith /docs");
  });
});
