import { describe, expect, test } from "bun:test";
import type { AdminOutbound } from "../../../shared/inbox-api.ts";
import type { OutboundEventKind } from "../../../shared/outbound-api.ts";
import type { AdminOutboundListItem, OutboundStats } from "../../../shared/outbound-stats-api.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createOtherProject } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { findSessionById, mergeSessionInto } from "../sessions/sessions-repository.ts";
import { recordOutboundEvent } from "./outbound-events.ts";
import { outboundStats, statsWindowDays } from "./outbound-stats.ts";

const t = startedBeforeAll(startMessengerTest);

const dayMs = 86_400_000;

/** A moment `daysAgo` days before `now`, at the same time of day. */
const before = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * dayMs).toISOString();

async function banner(name: string): Promise<AdminOutbound> {
  return t.create<AdminOutbound>("/outbounds", { type: "banner", name, config: { title: name } });
}

/** A new widget session's id. */
const sessionId = async () => (await t.session()).gleapId;

const record = (outboundId: string, sessionId: string, kind: OutboundEventKind, at: string) =>
  recordOutboundEvent(t.api.sql, { outboundId, sessionId, kind, at });

/** Two new sessions that were both shown the outbound at `at`; answers their ids. */
async function shownToTwoSessions(outboundId: string, at: string): Promise<[string, string]> {
  const sessions: [string, string] = [await sessionId(), await sessionId()];
  for (const session of sessions) await record(outboundId, session, "shown", at);
  return sessions;
}

describe("the stats window", () => {
  test("is 30 UTC days, oldest first, ending with today's", () => {
    const days = statsWindowDays(new Date("2026-03-01T23:59:59.000Z"));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-01-31");
    expect(days[28]).toBe("2026-02-28");
    expect(days[29]).toBe("2026-03-01");
    expect(statsWindowDays(new Date("2026-03-01T00:00:00.000Z"))[29]).toBe("2026-03-01");
  });
});

describe("GET /api/projects/{p}/outbounds/{id}/stats", () => {
  test("counts sessions per day and kind for 30 days, zeros between, totals per session", async () => {
    const now = new Date();
    const outbound = await banner("Counted banner");
    const a = await sessionId();
    const b = await sessionId();
    const c = await sessionId();
    // Today: a and b saw it, a clicked and closed it; a's second "shown" changes nothing.
    expect(await record(outbound.id, a, "shown", now.toISOString())).toBe(true);
    expect(await record(outbound.id, a, "shown", now.toISOString())).toBe(false);
    await record(outbound.id, b, "shown", now.toISOString());
    await record(outbound.id, a, "opened", now.toISOString());
    await record(outbound.id, a, "closed", now.toISOString());
    // Three days ago c saw and completed it.
    await record(outbound.id, c, "shown", before(now, 3));
    await record(outbound.id, c, "completed", before(now, 3));
    // 30 days ago is outside the window, but the session still counts in the totals.
    const d = await sessionId();
    await record(outbound.id, d, "shown", before(now, 30));

    const stats = await t.admin<OutboundStats>("GET", `/outbounds/${outbound.id}/stats`, undefined, 200);
    expect(stats.totals).toEqual({ shown: 4, opened: 1, completed: 1, closed: 1 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days.map((day) => day.day)).toEqual(statsWindowDays(now));
    expect(stats.days[29]).toEqual({
      day: now.toISOString().slice(0, 10),
      shown: 2,
      opened: 1,
      completed: 0,
      closed: 1,
    });
    expect(stats.days[26]).toEqual({
      day: before(now, 3).slice(0, 10),
      shown: 1,
      opened: 0,
      completed: 1,
      closed: 0,
    });
    const others = stats.days.filter((_, index) => index !== 29 && index !== 26);
    expect(others.every((day) => day.shown + day.opened + day.completed + day.closed === 0)).toBe(true);
  });

  test("a session on two days counts on each day and once in the totals; the first window day counts", async () => {
    const now = new Date("2026-05-20T12:00:00.000Z");
    const outbound = await banner("Two days");
    const a = await sessionId();
    await record(outbound.id, a, "shown", before(now, 29));
    await record(outbound.id, a, "shown", before(now, 1));
    const stats = await outboundStats(t.api.sql, outbound, now);
    expect(stats.totals.shown).toBe(1);
    expect(stats.days[0]).toMatchObject({ day: "2026-04-21", shown: 1 });
    expect(stats.days[28]).toMatchObject({ day: "2026-05-19", shown: 1 });
    expect(stats.days.reduce((sum, day) => sum + day.shown, 0)).toBe(2);
    // Seen from a day later, the oldest day left the window.
    const later = await outboundStats(t.api.sql, outbound, new Date(now.getTime() + dayMs));
    expect(later.days.reduce((sum, day) => sum + day.shown, 0)).toBe(1);
  });

  test("content only offered (no acknowledgement) counts nothing", async () => {
    const outbound = await banner("Offered only");
    const a = await sessionId();
    await t.api.sql`INSERT INTO widget_outbound_deliveries (outbound_id, session_id, delivered_at)
      VALUES (${outbound.id}, ${a}, ${new Date().toISOString()})`;
    const stats = await t.admin<OutboundStats>("GET", `/outbounds/${outbound.id}/stats`, undefined, 200);
    expect(stats.totals).toEqual({ shown: 0, opened: 0, completed: 0, closed: 0 });
    expect(stats.days.every((day) => day.shown === 0)).toBe(true);
  });

  test("counts only its own outbound, and another project's outbound is a 404", async () => {
    const mine = await banner("Mine");
    const neighbour = await banner("Neighbour");
    const at = new Date().toISOString();
    const [a] = await shownToTwoSessions(neighbour.id, at);
    await record(mine.id, a, "shown", at);
    const stats = await t.admin<OutboundStats>("GET", `/outbounds/${mine.id}/stats`, undefined, 200);
    expect(stats.totals.shown).toBe(1);
    expect(stats.days[29]?.shown).toBe(1);

    const other = await createOtherProject(t.api.sql);
    const foreign = Bun.randomUUIDv7();
    await t.api
      .sql`INSERT INTO widget_outbounds (id, project_id, type, status, name, config, created_at, updated_at)
      VALUES (${foreign}, ${other}, ${"banner"}, ${"live"}, ${"Theirs"}, ${"{}"}, ${at}, ${at})`;
    const answer = await t.admin<{ error: string }>("GET", `/outbounds/${foreign}/stats`, undefined, 404);
    expect(answer.error).toBeString();
    // Their own project's path answers it (zero: nothing was acknowledged).
    const theirs = await t.api.expectJson<OutboundStats>(
      "GET",
      `/api/projects/${other}/outbounds/${foreign}/stats`,
      undefined,
      200,
    );
    expect(theirs.totals.shown).toBe(0);
    await t.admin("GET", `/outbounds/${Bun.randomUUIDv7()}/stats`, undefined, 404);
  });
});

describe("the outbound list's shown count", () => {
  test("each row carries the sessions it was shown to; unseen rows 0", async () => {
    const seen = await banner("List seen twice");
    const unseen = await banner("List unseen");
    const at = new Date().toISOString();
    const [, b] = await shownToTwoSessions(seen.id, at);
    await record(seen.id, b, "closed", at);
    const page = await t.admin<{ items: AdminOutboundListItem[] }>(
      "GET",
      "/outbounds?type=banner&q=list&pageSize=100",
      undefined,
      200,
    );
    const shown = Object.fromEntries(page.items.map((item) => [item.id, item.shown]));
    expect(shown).toEqual({ [seen.id]: 2, [unseen.id]: 0 });
  });
});

describe("a visitor whose anonymous session joins their user's session", () => {
  test("counts once: what both sessions acknowledged on a day is one visitor's", async () => {
    const now = new Date().toISOString();
    const outbound = await banner("Merged banner");
    const anonymous = await sessionId();
    const user = await sessionId();
    await record(outbound.id, anonymous, "shown", now);
    await record(outbound.id, anonymous, "closed", now);
    await record(outbound.id, user, "shown", now);
    const from = await findSessionById(t.api.sql, anonymous);
    const into = await findSessionById(t.api.sql, user);
    if (!from || !into) throw new Error("sessions not found");
    await mergeSessionInto(t.api.sql, from, into, {});
    const stats = await t.admin<OutboundStats>("GET", `/outbounds/${outbound.id}/stats`, undefined, 200);
    expect(stats.totals).toMatchObject({ shown: 1, closed: 1 });
    expect(stats.days.at(-1)).toMatchObject({ shown: 1, closed: 1 });
    const moved = await t.api.sql`SELECT session_id, kind FROM widget_outbound_events
      WHERE outbound_id = ${outbound.id} ORDER BY kind`;
    expect(moved).toEqual([
      { session_id: user, kind: "closed" },
      { session_id: user, kind: "shown" },
    ]);
  });
});
