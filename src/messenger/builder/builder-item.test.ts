import { describe, expect, test } from "bun:test";
import type { AdminOutbound, AdminTooltip } from "../../shared/inbox-api.ts";
import { OutboundWrite, TooltipWrite } from "../../shared/inbox-api.ts";
import { itemPath, itemSteps, moveStep, newStep, readItem, tooltipWrite, tourWrite } from "./builder-item.ts";

const outbound: AdminOutbound = {
  id: "o/1",
  projectId: "p1",
  type: "tour",
  name: "Welcome tour",
  status: "live",
  config: {
    tourType: "standard",
    allowClose: true,
    steps: [{ selector: "#a", message: "Hi", extra: 1 }, "junk"],
  },
  pageFilter: "/demo",
  pageFilterType: "contains",
  audience: "all",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  priority: 0,
  frequency: "once",
  startsAt: null,
  endsAt: null,
  publishedAt: null,
};

const tooltip: AdminTooltip = {
  id: "t1",
  status: "draft",
  createdAt: "2026-01-01T00:00:00.000Z",
  // The server always sends it; the tooltip's PUT body (a strict schema) must not.
  updatedAt: "2026-01-02T00:00:00.000Z",
  name: "Pricing hint",
  selector: "#pricing",
  html: "<b>New</b>",
  mode: "hotspot",
  color: "#485BFF",
};

describe("builder items", () => {
  test("paths name the project and the item, escaped", () => {
    expect(itemPath({ kind: "tour", projectId: "p1", itemId: "o/1" })).toBe("/projects/p1/outbounds/o%2F1");
    expect(itemPath({ kind: "tooltip", projectId: "p1", itemId: "t1" })).toBe("/projects/p1/tooltips/t1");
  });

  test("a tour's steps are read with their text fields, keeping unknown keys", () => {
    const item = readItem("tour", outbound);
    const steps: unknown = item.kind === "tour" && item.steps;
    expect(steps).toEqual([{ selector: "#a", title: "", message: "Hi", mode: "", extra: 1 }]);
  });

  test("a step written in the rich-text editor keeps its document unless its message is edited here", () => {
    const doc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }] };
    const rich: AdminOutbound = {
      ...outbound,
      config: {
        steps: [
          { selector: "#a", message: doc },
          { selector: "#b", message: doc },
        ],
      },
    };
    const item = readItem("tour", rich);
    if (item.kind !== "tour") throw new Error("not a tour");
    expect(item.steps[0]?.message).toBe("<p>Hi</p>");
    const [first, second] = item.steps;
    if (!first || !second) throw new Error("steps missing");
    const steps = [
      { ...first, selector: "#moved" },
      { ...second, message: "<p>Edited</p>" },
    ];
    expect(tourWrite(rich, steps).config.steps).toEqual([
      { selector: "#moved", title: "", message: doc, mode: "" },
      { selector: "#b", title: "", message: "<p>Edited</p>", mode: "" },
    ]);
  });

  test("a tour is written back with its config and the new steps, in the API's schema", () => {
    const steps = [newStep("#a", "Start"), newStep('[data-gleap-tour="buy"]')];
    const write = tourWrite(outbound, steps);
    expect(write.config).toEqual({ tourType: "standard", allowClose: true, steps });
    expect(write).toMatchObject({ type: "tour", name: "Welcome tour", pageFilter: "/demo", audience: "all" });
    expect(OutboundWrite.is(write)).toBe(true);
  });

  test("a tooltip is written whole without the server's fields", () => {
    const write = tooltipWrite({ ...tooltip, selector: "#new" });
    expect(write).toEqual({
      name: "Pricing hint",
      selector: "#new",
      html: "<b>New</b>",
      mode: "hotspot",
      color: "#485BFF",
    });
    expect(TooltipWrite.is(write)).toBe(true);
    expect(itemSteps(readItem("tooltip", tooltip))).toEqual([
      { selector: "#pricing", message: "<b>New</b>", mode: "hotspot" },
    ]);
  });

  test("steps move within the list only", () => {
    const steps = [newStep("#a"), newStep("#b"), newStep("#c")];
    expect(moveStep(steps, 2, 0).map((step) => step.selector)).toEqual(["#c", "#a", "#b"]);
    expect(moveStep(steps, 0, -1)).toBe(steps);
    expect(moveStep(steps, 2, 3)).toBe(steps);
  });
});
