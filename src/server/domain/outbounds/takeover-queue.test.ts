import { describe, expect, test } from "bun:test";
import {
  type DeliveryState,
  isDue,
  isScheduled,
  pickOffers,
  type QueueCandidate,
  type QueueVisitor,
} from "./takeover-queue.ts";

const now = Date.parse("2026-11-23T12:00:00.000Z");
const minutes = (count: number) => new Date(now + count * 60_000).toISOString();

let serial = 0;
function candidate(fields: Partial<QueueCandidate> = {}): QueueCandidate {
  serial += 1;
  return {
    id: `o${String(serial).padStart(3, "0")}`,
    type: "banner",
    priority: 0,
    frequency: "once",
    startsAt: null,
    endsAt: null,
    publishedAt: minutes(-60 + serial),
    createdAt: minutes(-120),
    pageFilter: "",
    pageFilterType: "",
    audience: "all",
    delivery: null,
    ...fields,
  };
}

const visitor: QueueVisitor = {
  lastPage: "https://shop.example/pricing",
  userId: null,
  visitStartedAt: minutes(-10),
};
const offered: DeliveryState = { shownAt: null, lastShownAt: null, closedAt: null, completedAt: null };
const shown = (at = minutes(-5)): DeliveryState => ({ ...offered, shownAt: at, lastShownAt: at });
const ids = (list: QueueCandidate[]) => list.map((item) => item.id);

describe("pickOffers: one head per slot", () => {
  test("offers the first banner and the first modal-like takeover, never two of a slot", () => {
    const banner1 = candidate();
    const banner2 = candidate();
    const modal = candidate({ type: "modal" });
    const tour = candidate({ type: "tour" });
    const survey = candidate({ type: "survey" });
    expect(ids(pickOffers([survey, tour, banner2, modal, banner1], visitor, now))).toEqual([
      banner1.id,
      modal.id,
    ]);
  });

  test("higher priority goes first, then the earlier publish, then the id", () => {
    const early = candidate({ publishedAt: minutes(-30) });
    const late = candidate({ publishedAt: minutes(-1) });
    const urgent = candidate({ publishedAt: minutes(0), priority: 5 });
    expect(ids(pickOffers([late, early], visitor, now))).toEqual([early.id]);
    expect(ids(pickOffers([late, early, urgent], visitor, now))).toEqual([urgent.id]);
    const low = candidate({ priority: -3, publishedAt: minutes(-50) });
    expect(ids(pickOffers([low, late], visitor, now))).toEqual([late.id]);
    const twinA = candidate({ id: "a", publishedAt: minutes(-2) });
    const twinB = candidate({ id: "b", publishedAt: minutes(-2) });
    expect(ids(pickOffers([twinB, twinA], visitor, now))).toEqual(["a"]);
    // Never published (a host's own content): its creation time stands in.
    const unpublished = candidate({ publishedAt: null, createdAt: minutes(-500) });
    expect(ids(pickOffers([early, unpublished], visitor, now))).toEqual([unpublished.id]);
  });

  test("the next in the queue becomes the head once the first was shown", () => {
    const first = candidate({ delivery: shown() });
    const second = candidate({ delivery: offered });
    expect(ids(pickOffers([first, second], visitor, now))).toEqual([second.id]);
  });

  test("an offered but unshown head stays the head (offered again)", () => {
    const first = candidate({ delivery: offered });
    const second = candidate();
    expect(ids(pickOffers([second, first], visitor, now))).toEqual([first.id]);
  });

  test("notifications go two at a time in queue order, beside the takeovers", () => {
    const n1 = candidate({ type: "notification" });
    const n2 = candidate({ type: "notification" });
    const n3 = candidate({ type: "notification", priority: 1 });
    const tour = candidate({ type: "tour" });
    expect(ids(pickOffers([n1, n2, n3, tour], visitor, now))).toEqual([tour.id, n3.id, n1.id]);
  });

  test("checklists are never offered", () => {
    expect(pickOffers([candidate({ type: "checklist" })], visitor, now)).toEqual([]);
  });

  test("page filter and audience still decide", () => {
    const elsewhere = candidate({ pageFilter: "/checkout", pageFilterType: "contains" });
    const identified = candidate({ audience: "identified" });
    const anonymous = candidate({ audience: "anonymous", type: "modal" });
    expect(ids(pickOffers([elsewhere, identified, anonymous], visitor, now))).toEqual([anonymous.id]);
    expect(ids(pickOffers([elsewhere, identified, anonymous], { ...visitor, userId: "u1" }, now))).toEqual([
      identified.id,
    ]);
    const filtered = candidate({ pageFilter: "/pricing", pageFilterType: "contains" });
    expect(pickOffers([filtered], { ...visitor, lastPage: null }, now)).toEqual([]);
  });
});

describe("isDue: frequency", () => {
  test("once: until shown, whatever happened after", () => {
    expect(isDue({ frequency: "once", delivery: null }, visitor)).toBe(true);
    expect(isDue({ frequency: "once", delivery: offered }, visitor)).toBe(true);
    expect(isDue({ frequency: "once", delivery: shown() }, visitor)).toBe(false);
  });

  test("visit: once per visit, again in a later visit", () => {
    expect(isDue({ frequency: "visit", delivery: offered }, visitor)).toBe(true);
    expect(isDue({ frequency: "visit", delivery: shown(minutes(-5)) }, visitor)).toBe(false);
    // Shown in an earlier visit (before this one began ten minutes ago).
    expect(isDue({ frequency: "visit", delivery: shown(minutes(-40)) }, visitor)).toBe(true);
    // First shown long ago, but shown again in this visit.
    const again = { ...shown(minutes(-600)), lastShownAt: minutes(-2) };
    expect(isDue({ frequency: "visit", delivery: again }, visitor)).toBe(false);
    // No visit known yet: shown once is enough.
    expect(isDue({ frequency: "visit", delivery: shown() }, { visitStartedAt: null })).toBe(false);
  });

  test("until_closed: on every page view until closed or completed", () => {
    expect(isDue({ frequency: "until_closed", delivery: shown() }, visitor)).toBe(true);
    expect(
      isDue({ frequency: "until_closed", delivery: { ...shown(), closedAt: minutes(-1) } }, visitor),
    ).toBe(false);
    expect(
      isDue({ frequency: "until_closed", delivery: { ...shown(), completedAt: minutes(-1) } }, visitor),
    ).toBe(false);
  });

  test("until_closed keeps its place at the head while it is not closed", () => {
    const sticky = candidate({ frequency: "until_closed", delivery: shown() });
    const next = candidate();
    expect(ids(pickOffers([next, sticky], visitor, now))).toEqual([sticky.id]);
    const closed = { ...sticky, delivery: { ...shown(), closedAt: minutes(-1) } };
    expect(ids(pickOffers([next, closed], visitor, now))).toEqual([next.id]);
  });
});

describe("isScheduled: start and end", () => {
  test("not before the start, not from the end on", () => {
    expect(isScheduled({ startsAt: null, endsAt: null }, now)).toBe(true);
    expect(isScheduled({ startsAt: minutes(1), endsAt: null }, now)).toBe(false);
    expect(isScheduled({ startsAt: minutes(0), endsAt: null }, now)).toBe(true);
    expect(isScheduled({ startsAt: null, endsAt: minutes(0) }, now)).toBe(false);
    expect(isScheduled({ startsAt: minutes(-5), endsAt: minutes(5) }, now)).toBe(true);
    // Other ISO spellings of the same instant compare by time, not by text.
    expect(isScheduled({ startsAt: "2026-11-23T13:00:00+02:00", endsAt: null }, now)).toBe(true);
  });

  test("an expired head gives way to the next", () => {
    const expired = candidate({ endsAt: minutes(-1) });
    const future = candidate({ startsAt: minutes(30) });
    const current = candidate();
    expect(ids(pickOffers([expired, future, current], visitor, now))).toEqual([current.id]);
  });
});
