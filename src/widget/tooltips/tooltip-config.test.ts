import { describe, expect, test } from "bun:test";
import { readTooltip, readTooltips, tooltipsForPage } from "./tooltip-config.ts";

describe("readTooltip", () => {
  test("gives a bare config the reference's defaults", () => {
    expect(readTooltip({ selector: "#save" }, 3)).toEqual({
      key: "tooltip-3",
      selector: "#save",
      html: "",
      mode: "plain",
      icon: "",
      color: "",
      animated: false,
      posX: "right",
      posY: "center",
      offsetX: 4,
      offsetY: 0,
      page: "",
      pageType: "",
    });
  });

  test("keeps every field of a hotspot as saved, numbers given as text too", () => {
    expect(
      readTooltip(
        {
          id: "t1",
          selector: ".plan",
          html: "<p>Hi</p>",
          mode: "hotspot",
          icon: "question",
          color: "#FF0000",
          animated: true,
          posX: "left",
          posY: "bottom",
          offsetX: "12",
          offsetY: -3,
          page: "/pricing",
          pageType: "contains",
        },
        0,
      ),
    ).toMatchObject({
      key: "t1",
      mode: "hotspot",
      posX: "left",
      posY: "bottom",
      offsetX: 12,
      offsetY: -3,
      animated: true,
      page: "/pricing",
    });
  });

  test("drops entries without a selector and values of the wrong kind", () => {
    expect(
      readTooltips([null, "x", { selector: "  " }, { selector: "a", posY: "middle", offsetX: "wide" }]),
    ).toEqual([expect.objectContaining({ selector: "a", posY: "center", offsetX: 4, key: "tooltip-3" })]);
    expect(readTooltips({ selector: "a" })).toEqual([]);
  });
});

describe("tooltipsForPage", () => {
  const list = readTooltips([
    { id: "everywhere", selector: "a" },
    { id: "pricing", selector: "a", page: "/pricing", pageType: "contains" },
    { id: "exact", selector: "a", page: "https://acme.test/demo", pageType: "is" },
    { id: "not-demo", selector: "a", page: "/demo", pageType: "notcontains" },
    { id: "unknown", selector: "a", page: "/demo", pageType: "sometimes" },
  ]);
  const keys = (url: string) => tooltipsForPage(list, url).map((tooltip) => tooltip.key);

  test("an empty filter shows everywhere, an unknown type nowhere", () => {
    expect(keys("https://acme.test/demo/")).toEqual(["everywhere", "exact"]);
    expect(keys("https://acme.test/demo/pricing")).toEqual(["everywhere", "pricing"]);
    expect(keys("https://acme.test/blog")).toEqual(["everywhere", "not-demo"]);
  });
});
