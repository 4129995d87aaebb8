import { describe, expect, test } from "bun:test";
import type { AdminOutbound, OutboundWrite } from "../../../shared/inbox-api.ts";
import type { PublishPreview } from "../../../shared/publish-preview-api.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import {
  createOtherProject,
  openSocket,
  ping,
  type TestSocket,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let t: MessengerTest;
const sockets: TestSocket[] = [];

startBeforeAll(
  async () => {
    const started = await startMessengerTest();
    // The demo's own live content would stand in every queue: these tests publish their own.
    await started.api.sql`UPDATE widget_outbounds SET status = ${"draft"}`;
    return started;
  },
  async (started) => {
    t = started;
  },
);

async function create(write: OutboundWrite, live = false): Promise<AdminOutbound> {
  const outbound = await t.create<AdminOutbound>("/outbounds", write);
  if (live) await t.admin("POST", `/outbounds/${outbound.id}/publish`, undefined, 200);
  return outbound;
}

const preview = (id: string) => t.adminGet<PublishPreview>(`/outbounds/${id}/publish-preview`);

/** A visitor whose last page is `page`, with `tabs` sockets open (none: the site was left). */
async function visitor(page: string, tabs: number, userId?: string) {
  const session = await t.session();
  if (userId) await t.widgetJson(session, "POST", "/sessions/identify", { userId }, 200);
  expect((await ping(t.mainUrl, session, page)).status).toBe(200);
  for (let tab = 0; tab < tabs; tab += 1) sockets.push(await openSocket(t.mainUrl, session));
  return session;
}

const banner = (name: string, extra: Partial<OutboundWrite> = {}): OutboundWrite => ({
  type: "banner",
  name,
  config: { title: name },
  ...extra,
});

describe("publish preview", () => {
  test("counts the connected visitors on a matching page and in the audience, once per visitor", async () => {
    try {
      await visitor("https://host.example/pricing/plans", 2);
      await visitor("https://host.example/about", 1);
      await visitor("https://host.example/pricing", 0);
      await visitor("https://host.example/pricing", 1, "user-7");
      const pricing = await create(banner("Pricing", { pageFilter: "/pricing", pageFilterType: "contains" }));
      expect((await preview(pricing.id)).matchingVisitors).toBe(2);
      const identified = await create(
        banner("Members", { pageFilter: "/pricing", pageFilterType: "contains", audience: "identified" }),
      );
      expect((await preview(identified.id)).matchingVisitors).toBe(1);
      const everywhere = await create({ type: "notification", name: "Hi", config: { text: "Hi" } });
      expect((await preview(everywhere.id)).matchingVisitors).toBe(3);
    } finally {
      for (const socket of sockets.splice(0)) socket.close();
    }
  });

  test("lists the live takeovers of the same slot on overlapping pages that go first", async () => {
    const candidate = await create(
      banner("Maintenance", { pageFilter: "/app", pageFilterType: "startswith" }),
    );
    const everywhere = await create(banner("Welcome"), true);
    const samePages = await create(
      banner("App news", { pageFilter: "/app/", pageFilterType: "startswith", priority: 3 }),
      true,
    );
    // Neither of these can be on screen with the candidate: other pages, another slot.
    await create(banner("Pricing", { pageFilter: "/pricing", pageFilterType: "is" }), true);
    await create({ type: "modal", name: "Modal", config: { title: "M" } }, true);
    await create({ type: "notification", name: "Note", config: { text: "N" } }, true);
    // Not live now: a draft, and a banner whose schedule ended.
    await create(banner("Draft"));
    await create(banner("Ended", { startsAt: "2020-01-01T00:00:00Z", endsAt: "2020-01-02T00:00:00Z" }), true);

    expect((await preview(candidate.id)).queuedBehind).toEqual([
      { id: samePages.id, name: "App news", type: "banner", priority: 3 },
      { id: everywhere.id, name: "Welcome", type: "banner", priority: 0 },
    ]);

    expect((await preview(candidate.id)).goesBefore).toEqual([]);

    // A higher priority goes first: it waits only behind the ones higher still.
    await t.admin(
      "PUT",
      `/outbounds/${candidate.id}`,
      banner("Maintenance", { pageFilter: "/app", pageFilterType: "startswith", priority: 2 }),
      200,
    );
    const higher = await preview(candidate.id);
    expect(higher.queuedBehind.map((item) => item.name)).toEqual(["App news"]);
    expect(higher.goesBefore.map((item) => item.name)).toEqual(["Welcome"]);

    // Tours queue behind modals (the modal-like slot); notifications and checklists wait for nothing.
    const tour = await create({
      type: "tour",
      name: "Tour",
      config: { tourType: "standard", steps: [{ selector: "#a", message: "Hi" }] },
    });
    expect((await preview(tour.id)).queuedBehind.map((item) => item.name)).toEqual(["Modal"]);
    const note = await create({ type: "notification", name: "Another note", config: { text: "N" } });
    expect((await preview(note.id)).queuedBehind).toEqual([]);
  });

  test("is 404 for content of another project and for unknown content", async () => {
    const mine = await create(banner("Mine"));
    const other = await createOtherProject(t.api.sql);
    const elsewhere = await t.api.call("GET", `/api/projects/${other}/outbounds/${mine.id}/publish-preview`);
    expect(elsewhere.status).toBe(404);
    const missing = await t.api.call("GET", `/api/projects/${t.projectId}/outbounds/nope/publish-preview`);
    expect(missing.status).toBe(404);
    const signedOut = await t.api.call(
      "GET",
      `/api/projects/${t.projectId}/outbounds/${mine.id}/publish-preview`,
      undefined,
      null,
    );
    expect(signedOut.status).toBe(401);
  });
});

describe("delivery fields of a write", () => {
  const refused = async (method: string, path: string, body: OutboundWrite | Record<string, unknown>) => {
    const response = await t.api.call(method, `/api/projects/${t.projectId}${path}`, body);
    const answer = (await response.json()) as { error: string; field?: string };
    return `${response.status} ${answer.field}: ${answer.error}`;
  };

  test("are stored and read back", async () => {
    const stored = await create(
      banner("Scheduled", {
        priority: 7,
        frequency: "until_closed",
        startsAt: "2026-12-01T09:00:00.000Z",
        endsAt: "2026-12-24T18:00:00.000Z",
      }),
    );
    expect(stored).toMatchObject({
      priority: 7,
      frequency: "until_closed",
      startsAt: "2026-12-01T09:00:00.000Z",
      endsAt: "2026-12-24T18:00:00.000Z",
    });
  });

  test("out of range, unknown or unordered values are 400s naming the field", async () => {
    const target = await create(banner("Target"));
    for (const method of ["POST", "PUT"]) {
      const path = method === "POST" ? "/outbounds" : `/outbounds/${target.id}`;
      expect(await refused(method, path, banner("B", { priority: 101 }))).toStartWith("400 priority:");
      expect(await refused(method, path, { ...banner("B"), priority: 1.5 })).toStartWith("400 priority:");
      expect(await refused(method, path, { ...banner("B"), frequency: "weekly" })).toStartWith(
        "400 frequency:",
      );
      expect(await refused(method, path, { ...banner("B"), startsAt: "soon" })).toStartWith("400 startsAt:");
      expect(
        await refused(
          method,
          path,
          banner("B", { startsAt: "2026-12-02T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" }),
        ),
      ).toBe("400 endsAt: endsAt must be after startsAt");
    }
    expect(await t.adminGet<AdminOutbound>(`/outbounds/${target.id}`)).toMatchObject({
      name: "Target",
      priority: 0,
      endsAt: null,
    });
  });
});
