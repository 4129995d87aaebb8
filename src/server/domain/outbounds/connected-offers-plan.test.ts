import { describe, expect, test } from "bun:test";
import { newOffers, planConnectedOffers, unreadAfter, updateMessages } from "./connected-offers-plan.ts";
import type { ConnectedVisitor } from "./connected-offers-repository.ts";
import type { Outbound } from "./outbound-repository.ts";
import type { DeliveryState } from "./takeover-queue.ts";

const now = Date.parse("2026-11-23T12:00:00.000Z");
const nowIso = new Date(now).toISOString();

function outbound(id: string, fields: Partial<Outbound> = {}): Outbound {
  return {
    id,
    projectId: "p",
    type: "notification",
    status: "live",
    name: id,
    config: { text: `Text of ${id}` },
    pageFilter: "",
    pageFilterType: "",
    audience: "all",
    priority: 0,
    frequency: "once",
    startsAt: null,
    endsAt: null,
    createdAt: "2026-11-23T10:00:00.000Z",
    updatedAt: "2026-11-23T10:00:00.000Z",
    publishedAt: `2026-11-23T11:0${id.length}:00.000Z`,
    ...fields,
  };
}

function visitor(id: string, fields: Partial<ConnectedVisitor> = {}): ConnectedVisitor {
  return {
    id,
    name: null,
    lang: null,
    userId: null,
    lastPage: "https://shop.example/pricing",
    visitStartedAt: "2026-11-23T11:30:00.000Z",
    unread: 0,
    ...fields,
  };
}

const offered: DeliveryState = { shownAt: null, lastShownAt: null, closedAt: null, completedAt: null };
const noStates = new Map<string, Map<string, DeliveryState>>();

describe("planConnectedOffers", () => {
  test("each visitor gets the queue's pick for their page; visitors offered nothing are left out", () => {
    const pricing = outbound("n", { pageFilter: "/pricing", pageFilterType: "endswith" });
    const planned = planConnectedOffers(
      [pricing],
      [
        visitor("a"),
        visitor("b", { lastPage: "https://shop.example/cart" }),
        visitor("c", { lastPage: null }),
      ],
      noStates,
      now,
    );
    expect(planned.map((entry) => entry.visitor.id)).toEqual(["a"]);
  });

  test("only offers never made before are new delivery rows; one shown once is not offered", () => {
    const first = outbound("n");
    const second = outbound("nn");
    const states = new Map([
      ["a", new Map([[first.id, offered]])],
      ["b", new Map([[first.id, { ...offered, shownAt: nowIso, lastShownAt: nowIso }]])],
    ]);
    const planned = planConnectedOffers([first, second], [visitor("a"), visitor("b")], states, now);
    expect(planned.map((entry) => [entry.visitor.id, entry.offers.map((o) => o.id)])).toEqual([
      ["a", ["n", "nn"]],
      ["b", ["nn"]],
    ]);
    expect(newOffers(planned)).toEqual([
      { outboundId: "nn", sessionId: "a" },
      { outboundId: "nn", sessionId: "b" },
    ]);
  });
});

describe("updateMessages", () => {
  test("the badge counts what was unread plus each notification offered for the first time", () => {
    const [entry] = planConnectedOffers(
      [outbound("n"), outbound("nn"), outbound("b", { type: "banner" })],
      [visitor("a", { unread: 3 })],
      new Map([["a", new Map([["n", offered]])]]),
      now,
    );
    if (!entry) throw new Error("nothing planned");
    expect(unreadAfter(entry.visitor, entry.offers)).toBe(4);
  });

  test("visitors share a text unless a placeholder names them; each text is the client's update", () => {
    const plain = outbound("n");
    const named = outbound("nn", { config: { text: "Hi {{name}}" } });
    const visitors = [visitor("a"), visitor("b"), visitor("c", { name: "Ann" }), visitor("d", { unread: 2 })];
    const plainMessages = updateMessages(planConnectedOffers([plain], visitors, noStates, now), nowIso);
    expect(new Set(plainMessages.map((entry) => entry.message)).size).toBe(2);
    expect(JSON.parse(plainMessages[0]?.message ?? "")).toEqual({
      name: "update",
      data: {
        a: [
          {
            actionType: "notification",
            data: { text: "Text of n" },
            outbound: "n",
            pageFilter: "",
            pageFilterType: "",
            createdAt: nowIso,
            sound: false,
          },
        ],
        u: 1,
      },
    });
    const namedMessages = updateMessages(planConnectedOffers([named], visitors, noStates, now), nowIso);
    const texts = namedMessages.map((entry) => JSON.parse(entry.message).data.a[0].data.text);
    expect(texts).toEqual(["Hi", "Hi", "Hi Ann", "Hi"]);
    expect(new Set(namedMessages.map((entry) => entry.message)).size).toBe(3);
  });
});
