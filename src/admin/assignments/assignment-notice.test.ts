import { describe, expect, test } from "bun:test";
import type { AssignedToYou, AssignmentEvent } from "../../shared/assignment-api.ts";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { parseStaffPush } from "../realtime/staff-push.ts";
import { staffChoiceLabel } from "../users/assignee-options.tsx";
import { assignedHere, assignmentNoticeFor, timelineLine } from "./assignment-notice.ts";
import { isAssignmentEvent, withAssignments, withEvent } from "./timeline-order.ts";

const rosa = { id: "u-rosa", name: "Rosa Gomez" };
const tom = { id: "u-tom", name: "Tom Baker" };

const event = (overrides: Partial<AssignmentEvent> = {}): AssignmentEvent => ({
  id: "0190aaaa-0000-7000-8000-000000000001",
  item: { kind: "report", id: "r 1", projectId: "p1" },
  from: null,
  to: tom,
  by: rosa,
  createdAt: "2026-11-23T10:00:00.000Z",
  ...overrides,
});

const given = (overrides: Partial<AssignedToYou> = {}): StaffPush => ({
  name: "assigned-to-you",
  data: {
    event: event(),
    reference: "FB-12",
    title: "Checkout   is\nbroken",
    assigned: 3,
    alsoAssigned: 0,
    ...overrides,
  },
});

describe("the assignee's toast", () => {
  test("who gave what, a line of it, a link to it, on any screen but the item's own", () => {
    expect(assignmentNoticeFor(given(), "/dashboard/users", "a former admin")).toEqual({
      heading: { id: "assignments.toast.report", values: { by: "Rosa Gomez", reference: "FB-12" } },
      body: "Checkout is broken",
      more: 0,
      href: "/dashboard/inbox/r%201",
    });
    expect(assignmentNoticeFor(given(), "/dashboard/inbox/r%201", "a former admin")).toBeNull();
    expect(assignedHere(given(), "/dashboard/inbox/r%201")).toEqual({
      kind: "report",
      id: "r 1",
      projectId: "p1",
    });
    expect(assignedHere(given(), "/dashboard/users")).toBeNull();
  });

  test("a conversation, round robin, a deleted giver, a bulk change", () => {
    const conversation = given({
      event: event({ item: { kind: "conversation", id: "c1", projectId: "p1" }, by: null }),
      reference: "",
      alsoAssigned: 4,
    });
    expect(assignmentNoticeFor(conversation, "/dashboard", "x")).toMatchObject({
      heading: { id: "assignments.toast.roundRobinConversation" },
      more: 4,
      href: "/dashboard/conversations/p1/c1",
    });
    const gone = given({ event: event({ by: { id: null, name: "" } }) });
    expect(assignmentNoticeFor(gone, "/dashboard", "a former admin")?.heading.values?.by).toBe(
      "a former admin",
    );
  });

  test("other pushes say nothing here", () => {
    expect(assignmentNoticeFor({ name: "assignment", data: event() }, "/dashboard", "x")).toBeNull();
  });
});

describe("the timeline's lines", () => {
  const line = (overrides: Partial<AssignmentEvent>) => timelineLine(event(overrides), "a former admin");

  test("assigned, taken, reassigned, unassigned, given in turn", () => {
    expect(line({})).toEqual({
      id: "assignments.event.assigned",
      values: { by: "Rosa Gomez", to: "Tom Baker" },
    });
    expect(line({ by: tom })).toEqual({ id: "assignments.event.took", values: { by: "Tom Baker" } });
    expect(line({ from: tom, to: rosa, by: tom })).toEqual({
      id: "assignments.event.reassigned",
      values: { by: "Tom Baker", from: "Tom Baker", to: "Rosa Gomez" },
    });
    expect(line({ from: tom, to: null })).toEqual({
      id: "assignments.event.unassigned",
      values: { by: "Rosa Gomez", from: "Tom Baker" },
    });
    expect(line({ by: null })).toEqual({ id: "assignments.event.roundRobin", values: { to: "Tom Baker" } });
    expect(line({ by: { id: null, name: "" } }).values?.by).toBe("a former admin");
  });

  test("messages and events in one order; a pushed event once, in its place", () => {
    const message = (createdAt: string) => ({ id: createdAt, createdAt });
    const early = event({ id: "e1", createdAt: "2026-11-23T10:00:01.000Z" });
    const late = event({ id: "e2", createdAt: "2026-11-23T10:00:05.000Z" });
    const merged = withAssignments(
      [message("2026-11-23T10:00:00.000Z"), message("2026-11-23T10:00:03.000Z")],
      [early, late],
    );
    expect(
      merged.map((entry) => (isAssignmentEvent(entry) ? entry.id : entry.createdAt.slice(17, 19))),
    ).toEqual(["00", "e1", "03", "e2"]);
    expect(withEvent([late], early).map((known) => known.id)).toEqual(["e1", "e2"]);
    expect(withEvent([early, late], early)).toHaveLength(2);
  });
});

describe("the pushes as the admin reads them", () => {
  test("assignment and assigned-to-you are taken when whole, dropped when not", () => {
    const ok = given();
    expect(parseStaffPush(JSON.stringify(ok))).toEqual(ok);
    expect(parseStaffPush(JSON.stringify({ name: "assignment", data: event() }))).not.toBeNull();
    expect(parseStaffPush(JSON.stringify({ name: "assigned-to-you", data: { event: event() } }))).toBeNull();
    expect(
      parseStaffPush(JSON.stringify({ name: "assignment", data: { ...event(), item: null } })),
    ).toBeNull();
  });
});

describe("one name per person", () => {
  test("a choice shows the display name; the nickname beside it only where two share the name", () => {
    const rosa = { name: "Rosa Gomez", nickname: "NimbleFox13" };
    const otherRosa = { name: "Rosa Gomez", nickname: "rosa-g" };
    const lea = { name: "lea", nickname: "lea" };
    expect(staffChoiceLabel(rosa, [rosa, lea])).toBe("Rosa Gomez");
    expect(staffChoiceLabel(rosa, [rosa, otherRosa, lea])).toBe("Rosa Gomez (NimbleFox13)");
    expect(staffChoiceLabel(otherRosa, [rosa, otherRosa])).toBe("Rosa Gomez (rosa-g)");
    expect(staffChoiceLabel(lea, [lea, { name: "lea" }])).toBe("lea");
  });
});
