import { beforeAll, describe, expect, test } from "bun:test";
import type { ChecklistAnswer } from "../../../shared/outbound-api.ts";
import type { TipTapDoc } from "../../../shared/tiptap-doc.ts";
import { issueSharedKey, sharedKeySecret } from "../../domain/outbounds/checklist-shared-keys.ts";
import type { createOutbound, Outbound } from "../../domain/outbounds/outbound-repository.ts";
import {
  call,
  createOtherProject,
  demoProjectId,
  expectNothingPushed,
  openSocket,
  outboundWrittenByHand,
  startSession,
  type TestSession,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { writtenByHand } from "../../test-support/written-by-hand.ts";

let server: TestServer;
let projectId: string;
let otherProjectId: string;

startBeforeAll(startTestServer, async (started) => {
  server = started;
  projectId = await demoProjectId(server.db.sql);
  otherProjectId = await createOtherProject(server.db.sql);
});

const tipTap = (words: string): TipTapDoc => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: words, marks: [{ type: "bold" }] }] }],
});

const tourConfig = {
  tourType: "standard",
  allowClose: true,
  steps: [
    { selector: "#pricing", message: tipTap("Our plans"), mode: "CLICK" },
    { selector: "#buy", message: "<p>Buy here</p>" },
  ],
};

function createTour(fields: Partial<Parameters<typeof createOutbound>[1]> = {}): Promise<Outbound> {
  return outboundWrittenByHand(server, {
    projectId,
    type: "tour",
    status: "live",
    name: "Pricing tour",
    config: tourConfig,
    pageFilter: "/pricing",
    pageFilterType: "endswith",
    ...fields,
  });
}

const checklistConfig = {
  subject: "Get started",
  message: tipTap("Three small steps"),
  sender: { firstName: "Kim", profileImageUrl: "https://cdn.example/kim.png" },
  steps: [
    { id: "profile", title: "Fill your profile", description: tipTap("Add a photo"), action: "none" },
    { id: "invite", title: "Invite a teammate", description: "Plain text", action: "REDIRECT_URL" },
    { id: "course", title: "Start a course", body: tipTap("Pick one") },
  ],
  successTitle: "All done",
  successMessage: tipTap("Well done"),
  color: "#00D082",
};

function createChecklistOutbound(fields: Partial<Parameters<typeof createOutbound>[1]> = {}) {
  return outboundWrittenByHand(server, {
    projectId,
    type: "checklist",
    status: "live",
    name: "Onboarding",
    config: checklistConfig,
    ...fields,
  });
}

async function jsonOf<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`Expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function checklistRows(): Promise<number> {
  const [row] = await server.db.sql`SELECT count(*) AS n FROM widget_checklists`;
  return Number((row as { n: number }).n);
}

describe("product tours", () => {
  let session: TestSession;
  beforeAll(async () => {
    session = await startSession(server.mainUrl);
  });

  test("a tour of the session's project answers its config, TipTap step texts as HTML", async () => {
    const tour = await createTour();
    const body = await jsonOf<{ config: Record<string, unknown> }>(
      await call(server.mainUrl, session, "POST", "/outbound/producttours", { outboundId: tour.id }),
    );
    expect(body.config).toEqual({
      ...tourConfig,
      steps: [
        { selector: "#pricing", message: "<p><strong>Our plans</strong></p>", mode: "CLICK" },
        { selector: "#buy", message: "<p>Buy here</p>" },
      ],
    });
  });

  /** A new live tour's validation as a session on `currentUrl` asks for it. */
  const validationOn = async (currentUrl: string) => {
    const tour = await createTour();
    const answer = await call(server.mainUrl, session, "POST", "/outbound/producttourvalidation", {
      outboundId: tour.id,
      currentUrl,
    });
    return jsonOf<Record<string, unknown>>(answer);
  };

  test("validation of a live tour passes where its page filter matches", async () => {
    expect(await validationOn("https://shop.example/pricing/")).toMatchObject({
      status: "live",
      passedPageFilter: true,
      config: { tourType: "standard" },
    });
  });

  test("validation fails the page filter elsewhere", async () => {
    expect(await validationOn("https://shop.example/checkout")).toMatchObject({
      status: "live",
      passedPageFilter: false,
    });
  });

  test("a draft tour is not served: both routes answer as for an unknown id, without its texts", async () => {
    const tour = await createTour({
      status: "draft",
      config: { tourType: "standard", steps: [{ selector: "#x", message: "<p>Secret launch</p>" }] },
    });
    for (const [path, body] of [
      ["/outbound/producttours", { outboundId: tour.id }],
      [
        "/outbound/producttourvalidation",
        { outboundId: tour.id, currentUrl: "https://shop.example/pricing" },
      ],
    ] as const) {
      const response = await call(server.mainUrl, session, "POST", path, body);
      const text = await response.text();
      expect(`${path} → ${response.status}`).toBe(`${path} → 404`);
      expect(text).not.toContain("Secret launch");
      expect(JSON.parse(text)).toEqual({ error: `No product tour ${tour.id}`, field: "outboundId" });
    }
    // Published, the same id is served.
    await writtenByHand(
      server,
      server.db.sql`UPDATE widget_outbounds SET status = ${"live"} WHERE id = ${tour.id}`,
    );
    const live = await call(server.mainUrl, session, "POST", "/outbound/producttours", {
      outboundId: tour.id,
    });
    expect(await live.text()).toContain("Secret launch");
  });

  test("an unknown id, another project's tour or a non-tour answers 404 JSON", async () => {
    const foreign = await createTour({ projectId: otherProjectId });
    const checklist = await createChecklistOutbound();
    for (const outboundId of ["no-such-tour", foreign.id, checklist.id]) {
      for (const [path, body] of [
        ["/outbound/producttours", { outboundId }],
        ["/outbound/producttourvalidation", { outboundId, currentUrl: "https://shop.example/pricing" }],
      ] as const) {
        const response = await call(server.mainUrl, session, "POST", path, body);
        const answer = await jsonOf<{ error: string }>(response, 404);
        expect(answer.error).toContain(outboundId);
      }
    }
  });

  test("bad bodies answer 400 naming the field", async () => {
    const cases: Array<[string, unknown, string]> = [
      ["/outbound/producttours", { outboundId: 5 }, "outboundId"],
      ["/outbound/producttours", {}, "outboundId"],
      ["/outbound/producttours", { outboundId: "x", admin: true }, "admin"],
      ["/outbound/producttourvalidation", { outboundId: "x" }, "currentUrl"],
    ];
    for (const [path, body, field] of cases) {
      const answer = await jsonOf<{ error: string; field?: string }>(
        await call(server.mainUrl, session, "POST", path, body),
        400,
      );
      expect(answer.field).toBe(field);
    }
    const broken = await call(server.mainUrl, session, "POST", "/outbound/producttours", "{not json");
    expect(broken.status).toBe(400);
  });

  test("without a session the tour routes answer 401", async () => {
    const tour = await createTour();
    const response = await fetch(`${server.mainUrl}/api/widget/outbound/producttours`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      body: JSON.stringify({ outboundId: tour.id }),
    });
    expect(response.status).toBe(401);
  });
});

describe("checklists", () => {
  /** The key the server issues (through the admin) for a group of one of the demo project's checklists. */
  const keyFor = async (outboundId: string, group: string) =>
    issueSharedKey(await sharedKeySecret(server.db.sql), { projectId, outboundId }, group);

  const postOpen = (session: TestSession, body: unknown) => {
    const query = `?gleapId=${session.gleapId}&gleapHash=${session.gleapHash}&lang=en`;
    return fetch(`${server.mainUrl}/api/widget/outbound/checklists${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/json;charset=UTF-8" },
      body: JSON.stringify(body),
    });
  };

  /** Opens the checklist; `group` names a shared instance, whose key the server issued. */
  const open = async (session: TestSession, outboundId: string, group?: string) => {
    const sharedKey = group ? await keyFor(outboundId, group) : group;
    const response = await postOpen(
      session,
      sharedKey === undefined ? { outboundId } : { outboundId, sharedKey },
    );
    return (await jsonOf<{ id: string }>(response)).id;
  };

  const fetchChecklist = (session: TestSession, id: string, query = "?convertTipTap=true") =>
    call(server.mainUrl, session, "GET", `/outbound/checklists/${id}${query}`);

  test("each session gets its own instance, and asking again answers the same one", async () => {
    const outbound = await createChecklistOutbound();
    const [first, second] = [await startSession(server.mainUrl), await startSession(server.mainUrl)];
    const id = await open(first, outbound.id);
    expect(await open(first, outbound.id)).toBe(id);
    expect(await open(first, outbound.id, "")).toBe(id);
    const other = await open(second, outbound.id);
    expect(other).not.toBe(id);
    const rows = await server.db
      .sql`SELECT session_id FROM widget_checklists WHERE outbound_id = ${outbound.id}`;
    expect(rows).toHaveLength(2);
  });

  test("a shared key gives every session of the project the same instance", async () => {
    const outbound = await createChecklistOutbound();
    const [first, second] = [await startSession(server.mainUrl), await startSession(server.mainUrl)];
    const id = await open(first, outbound.id, "team-42");
    expect(await open(second, outbound.id, "team-42")).toBe(id);
    expect(await open(second, outbound.id, "team-7")).not.toBe(id);
    expect(await open(second, outbound.id)).not.toBe(id);
    const body = await jsonOf<ChecklistAnswer>(await fetchChecklist(second, id));
    expect(body.id).toBe(id);
  });

  test("a shared key the server did not issue is refused (403) and opens nothing", async () => {
    const outbound = await createChecklistOutbound();
    const other = await createChecklistOutbound();
    const owner = await startSession(server.mainUrl);
    const id = await open(owner, outbound.id, "team-42");
    const intruder = await startSession(server.mainUrl);
    const genuine = await keyFor(outbound.id, "team-42");
    const signature = genuine.slice(genuine.lastIndexOf(".") + 1);
    const before = await checklistRows();
    const forged = [
      "team-42",
      `team-42.${"A".repeat(signature.length)}`,
      `team-43.${signature}`,
      `${genuine}=`,
      `.${signature}`,
      await keyFor(other.id, "team-42"),
      issueSharedKey("not-the-server-secret", { projectId, outboundId: outbound.id }, "team-42"),
      issueSharedKey(
        await sharedKeySecret(server.db.sql),
        { projectId: otherProjectId, outboundId: outbound.id },
        "team-42",
      ),
    ];
    for (const sharedKey of forged) {
      const response = await postOpen(intruder, { outboundId: outbound.id, sharedKey });
      const answer = await jsonOf<{ error: string; field: string }>(response, 403);
      expect(answer.field).toBe("sharedKey");
      expect(JSON.stringify(answer)).not.toContain(id);
    }
    expect(await checklistRows()).toBe(before);
    // The issued key still opens it.
    expect(await open(intruder, outbound.id, "team-42")).toBe(id);
  });

  test("opening many at once under one shared key still makes one instance", async () => {
    const outbound = await createChecklistOutbound();
    const sessions = await Promise.all([1, 2, 3, 4].map(() => startSession(server.mainUrl)));
    const ids = await Promise.all(sessions.map((session) => open(session, outbound.id, "race")));
    expect(new Set(ids).size).toBe(1);
  });

  test("only live checklists of the project open; bad bodies write nothing", async () => {
    const session = await startSession(server.mainUrl);
    const draft = await createChecklistOutbound({ status: "draft" });
    const foreign = await createChecklistOutbound({ projectId: otherProjectId });
    const tour = await createTour();
    const before = await checklistRows();
    for (const outboundId of [draft.id, foreign.id, tour.id, "nope"]) {
      const response = await call(server.mainUrl, session, "POST", "/outbound/checklists", { outboundId });
      expect((await jsonOf<{ error: string }>(response, 404)).error).toContain(outboundId);
    }
    for (const body of [{}, { outboundId: "" }, { outboundId: draft.id, sharedKey: 7 }, { outboundId: 1 }]) {
      const response = await call(server.mainUrl, session, "POST", "/outbound/checklists", body);
      expect(response.status).toBe(400);
    }
    expect(await checklistRows()).toBe(before);
  });

  test("the checklist answers in the client's shape, with TipTap as HTML when asked", async () => {
    const outbound = await createChecklistOutbound();
    const session = await startSession(server.mainUrl);
    const id = await open(session, outbound.id);
    const html = await jsonOf<ChecklistAnswer>(await fetchChecklist(session, id));
    expect(html).toEqual({
      id,
      status: "open",
      completedSteps: [],
      outbound: {
        id: outbound.id,
        subject: "Get started",
        message: "<p><strong>Three small steps</strong></p>",
        sender: { firstName: "Kim", profileImageUrl: "https://cdn.example/kim.png" },
        config: {
          steps: [
            {
              id: "profile",
              title: "Fill your profile",
              description: "<p><strong>Add a photo</strong></p>",
              action: "none",
            },
            { id: "invite", title: "Invite a teammate", description: "Plain text", action: "REDIRECT_URL" },
            { id: "course", title: "Start a course", body: "<p><strong>Pick one</strong></p>" },
          ],
          successTitle: "All done",
          successMessage: "<p><strong>Well done</strong></p>",
          color: "#00D082",
        },
      },
    });
    const raw = await jsonOf<ChecklistAnswer>(await fetchChecklist(session, id, ""));
    expect(raw.outbound.message).toEqual(checklistConfig.message);
  });

  test("a withdrawn checklist's instance is no longer served nor changed", async () => {
    const outbound = await createChecklistOutbound();
    const session = await startSession(server.mainUrl);
    const id = await open(session, outbound.id);
    expect((await fetchChecklist(session, id)).status).toBe(200);
    await writtenByHand(
      server,
      server.db.sql`UPDATE widget_outbounds SET status = ${"draft"} WHERE id = ${outbound.id}`,
    );
    const read = await fetchChecklist(session, id);
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain("Get started");
    const put = await call(server.mainUrl, session, "PUT", `/outbound/checklists/${id}/increment/profile`);
    expect(put.status).toBe(404);
    const [row] = await server.db.sql`SELECT completed_steps FROM widget_checklists WHERE id = ${id}`;
    expect(row.completed_steps).toBe("[]");
  });

  test("another session cannot read or change a session's own checklist", async () => {
    const outbound = await createChecklistOutbound();
    const [owner, stranger] = [await startSession(server.mainUrl), await startSession(server.mainUrl)];
    const id = await open(owner, outbound.id);
    expect((await fetchChecklist(stranger, id)).status).toBe(404);
    const put = await call(server.mainUrl, stranger, "PUT", `/outbound/checklists/${id}`, {
      checkedStep: "profile",
    });
    expect(put.status).toBe(404);
    expect((await fetchChecklist(owner, id, "")).status).toBe(200);
    expect((await fetchChecklist(owner, "no-such-checklist")).status).toBe(404);
  });

  test("checked steps merge, the last one completes the checklist, and unknown steps are refused", async () => {
    const outbound = await createChecklistOutbound();
    const session = await startSession(server.mainUrl);
    const id = await open(session, outbound.id);
    const path = `/outbound/checklists/${id}`;

    let body = await jsonOf<ChecklistAnswer>(
      await call(server.mainUrl, session, "PUT", path, { checkedStep: "invite" }),
    );
    expect(body).toMatchObject({ status: "open", completedSteps: ["invite"] });
    body = await jsonOf<ChecklistAnswer>(
      await call(server.mainUrl, session, "PUT", `${path}/increment/profile`),
    );
    expect(body).toMatchObject({ status: "open", completedSteps: ["invite", "profile"] });
    body = await jsonOf<ChecklistAnswer>(
      await call(server.mainUrl, session, "PUT", path, { checkedStep: "invite" }),
    );
    expect(body.completedSteps).toEqual(["invite", "profile"]);

    const unknown = await call(server.mainUrl, session, "PUT", `${path}/increment/nope`);
    expect(await jsonOf<{ field: string }>(unknown, 400)).toMatchObject({ field: "checkedStep" });
    const unknownBody = await call(server.mainUrl, session, "PUT", path, {
      checkedStep: "nope",
      status: "done",
    });
    expect(unknownBody.status).toBe(400);
    for (const bad of [{ status: "finished" }, { checkedStep: 3 }, { checkedStep: "course", extra: 1 }]) {
      expect((await call(server.mainUrl, session, "PUT", path, bad)).status).toBe(400);
    }
    body = await jsonOf<ChecklistAnswer>(await fetchChecklist(session, id));
    expect(body).toMatchObject({ status: "open", completedSteps: ["invite", "profile"] });

    body = await jsonOf<ChecklistAnswer>(
      await call(server.mainUrl, session, "PUT", `${path}/increment/course`, {}),
    );
    expect(body).toMatchObject({ status: "done", completedSteps: ["invite", "profile", "course"] });
  });

  test("a refused update of a shared instance does not make the session one of its users", async () => {
    const outbound = await createChecklistOutbound();
    const [first, second] = [await startSession(server.mainUrl), await startSession(server.mainUrl)];
    const id = await open(first, outbound.id, "crew-1");
    const users = async () =>
      (await server.db.sql`SELECT session_id FROM widget_checklists WHERE outbound_id = ${outbound.id}`)
        .length;
    expect(await users()).toBe(1);
    expect(
      (await call(server.mainUrl, second, "PUT", `/outbound/checklists/${id}/increment/nope`)).status,
    ).toBe(400);
    expect(
      (await call(server.mainUrl, second, "PUT", `/outbound/checklists/${id}`, { status: "closed" })).status,
    ).toBe(400);
    expect(await users()).toBe(1);
    expect((await fetchChecklist(second, id)).status).toBe(200);
    expect(await users()).toBe(2);
  });

  test("status done from the client marks the checklist done", async () => {
    const outbound = await createChecklistOutbound();
    const session = await startSession(server.mainUrl);
    const id = await open(session, outbound.id);
    const body = await jsonOf<ChecklistAnswer>(
      await call(server.mainUrl, session, "PUT", `/outbound/checklists/${id}`, { status: "done" }),
    );
    expect(body).toMatchObject({ status: "done", completedSteps: [] });
  });

  test("steps checked at the same moment are all kept", async () => {
    const outbound = await createChecklistOutbound();
    const session = await startSession(server.mainUrl);
    const id = await open(session, outbound.id);
    await Promise.all(
      ["profile", "invite", "course"].map((step) =>
        call(server.mainUrl, session, "PUT", `/outbound/checklists/${id}/increment/${step}`),
      ),
    );
    const body = await jsonOf<ChecklistAnswer>(await fetchChecklist(session, id));
    expect([...body.completedSteps].sort()).toEqual(["course", "invite", "profile"]);
    expect(body.status).toBe("done");
  });

  test("an update is pushed to the socket of every session using a shared instance", async () => {
    const outbound = await createChecklistOutbound();
    const [first, second, outsider] = [
      await startSession(server.mainUrl),
      await startSession(server.mainUrl),
      await startSession(server.mainUrl),
    ];
    const id = await open(first, outbound.id, "class-9");
    expect(await open(second, outbound.id, "class-9")).toBe(id);
    await open(outsider, outbound.id, "class-10");
    const sockets = await Promise.all(
      [first, second, outsider].map((session) => openSocket(server.mainUrl, session)),
    );
    try {
      const response = await call(
        server.mainUrl,
        second,
        "PUT",
        `/outbound/checklists/${id}/increment/profile`,
      );
      expect(response.status).toBe(200);
      for (const socket of sockets.slice(0, 2)) {
        const push = await socket.next();
        expect(push.name).toBe("checklist");
        expect(push.data).toMatchObject({ id, status: "open", completedSteps: ["profile"] });
        expect((push.data as ChecklistAnswer).outbound.message).toBe(
          "<p><strong>Three small steps</strong></p>",
        );
      }
      // The outsider works on another key: the first thing it hears is the test's own marker.
      const outsiderSocket = sockets[2];
      if (!outsiderSocket) throw new Error("no outsider socket");
      await expectNothingPushed(server.fanout, outsider, outsiderSocket, "outsider");
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  test("an update that changes nothing pushes nothing", async () => {
    const outbound = await createChecklistOutbound();
    const session = await startSession(server.mainUrl);
    const id = await open(session, outbound.id);
    await call(server.mainUrl, session, "PUT", `/outbound/checklists/${id}/increment/invite`);
    const socket = await openSocket(server.mainUrl, session);
    try {
      await call(server.mainUrl, session, "PUT", `/outbound/checklists/${id}/increment/invite`);
      await expectNothingPushed(server.fanout, session, socket, "unchanged");
    } finally {
      socket.close();
    }
  });
});
