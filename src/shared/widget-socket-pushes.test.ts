import { describe, expect, test } from "bun:test";
import { readChecklistPush, readOutboundUpdate } from "./widget-socket-pushes.ts";

describe("the loader's reading of socket pushes", () => {
  test("an update keeps its count and the actions that are objects with a string type", () => {
    const banner = { actionType: "banner", outbound: "o1", data: {}, pageFilter: "", pageFilterType: "" };
    expect(readOutboundUpdate({ a: [banner, null, 7, { actionType: 3 }, [banner]], u: 4 })).toEqual({
      actions: [banner],
      unread: 4,
    });
  });

  test("an update without a numeric count leaves the count alone; anything else reads as nothing", () => {
    expect(readOutboundUpdate({ a: [], u: "4" })).toEqual({ actions: [] });
    for (const odd of [null, undefined, "update", 3, [], { a: "x" }])
      expect(readOutboundUpdate(odd)).toEqual({ actions: [] });
  });

  test("a checklist push needs an id", () => {
    expect(readChecklistPush({ id: "c1", status: "open" })).toEqual({ id: "c1", status: "open" } as never);
    for (const odd of [null, "c1", { id: 1 }, [], {}]) expect(readChecklistPush(odd)).toBeNull();
  });
});
