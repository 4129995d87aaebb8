import { describe, expect, test } from "bun:test";
import type { AdminOutbound, AdminTooltip, OutboundWrite } from "../../../shared/inbox-api.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import {
  acknowledge,
  expectNothingPushed,
  expectNothingPushedBesidesLateCount,
  nextBesidesCount,
  openSocket,
  ping,
  type TestSession,
  type TestSocket,
} from "../../test-support/outbound-test-support.ts";
import { expectRefusedWrite } from "../../test-support/refused-writes.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let t: MessengerTest;
let surveyId = "";

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  const survey = await t.create<{ id: string }>("/surveys", {
    title: "Outbound survey",
    status: "live",
    questions: [{ id: "q", type: "nps", title: "Recommend?" }],
  });
  surveyId = survey.id;
});

interface Page<T> {
  items: T[];
  total: number;
}

/** The tables the outbound and tooltip routes write, whose rows show that a refused request wrote none. */
const writtenTables = ["widget_outbounds", "widget_tooltips", "widget_outbound_deliveries", "audit_log"];

const expectRefused = (method: string, path: string, body: unknown, status: number, field?: string) =>
  expectRefusedWrite(
    t.api,
    writtenTables,
    { method, path: `/api/projects/${t.projectId}${path}`, body },
    status,
    field,
  );

const writes = (): Record<string, OutboundWrite> => ({
  notification: { type: "notification", name: "Hello note", config: { text: "Hi {{name}}" } },
  banner: { type: "banner", name: "Sale banner", config: { title: "Sale", format: "floating" } },
  modal: { type: "modal", name: "Welcome modal", config: { title: "Welcome", body: "<p>Hi</p>" } },
  survey: { type: "survey", name: "NPS", config: { formId: surveyId, format: "survey_full" } },
  checklist: {
    type: "checklist",
    name: "Onboarding",
    config: { subject: "Get started", steps: [{ id: "a", title: "First" }] },
  },
  tour: {
    type: "tour",
    name: "Tour",
    config: { tourType: "standard", steps: [{ selector: "#a", message: "Hi" }] },
  },
});

describe("outbound content CRUD", () => {
  test("every kind is created as a draft, read, listed, replaced and deleted, each write audited", async () => {
    const created: AdminOutbound[] = [];
    for (const write of Object.values(writes())) {
      const outbound = await t.create<AdminOutbound>("/outbounds", {
        ...write,
        pageFilter: "/pricing",
        pageFilterType: "contains",
        audience: "identified",
      });
      expect(outbound).toMatchObject({
        type: write.type,
        name: write.name,
        status: "draft",
        config: write.config,
        pageFilter: "/pricing",
        pageFilterType: "contains",
        audience: "identified",
        publishedAt: null,
        projectId: t.projectId,
      });
      created.push(outbound);
    }
    const banners = await t.adminGet<Page<AdminOutbound>>("/outbounds?type=banner");
    expect(banners.items.map((item) => item.name)).toEqual(["Sale banner"]);
    expect((await t.adminGet<Page<AdminOutbound>>("/outbounds?q=welcome")).total).toBe(1);

    const modal = created.find((item) => item.type === "modal");
    const replaced = await t.admin<AdminOutbound>(
      "PUT",
      `/outbounds/${modal?.id}`,
      { type: "modal", name: "Welcome back", config: { title: "Again" } },
      200,
    );
    expect(replaced).toMatchObject({
      name: "Welcome back",
      pageFilter: "",
      audience: "all",
      status: "draft",
    });
    expect(await t.adminGet<AdminOutbound>(`/outbounds/${modal?.id}`)).toEqual(replaced);

    const removed = await t.api.call("DELETE", `/api/projects/${t.projectId}/outbounds/${modal?.id}`);
    expect(removed.status).toBe(204);
    await expectRefused("GET", `/outbounds/${modal?.id}`, undefined, 404);
    expect(await auditActions(t.api.sql, modal?.id ?? "")).toEqual([
      "outbound.create",
      "outbound.update",
      "outbound.delete",
    ]);
    for (const item of created) {
      if (item.id !== modal?.id)
        await t.api.call("DELETE", `/api/projects/${t.projectId}/outbounds/${item.id}`);
    }
  });

  test("a config that does not fit its kind, and other bad bodies, are 400s naming the field", async () => {
    const { notification, checklist } = writes();
    await expectRefused("POST", "/outbounds", { ...notification, config: {} }, 400, "config.text");
    await expectRefused("POST", "/outbounds", { ...checklist, config: { steps: [] } }, 400, "config.steps");
    await expectRefused(
      "POST",
      "/outbounds",
      { type: "survey", name: "S", config: {} },
      400,
      "config.formId",
    );
    const unknownSurvey = await expectRefused(
      "POST",
      "/outbounds",
      { type: "survey", name: "S", config: { formId: "nope" } },
      400,
      "config.formId",
    );
    expect(unknownSurvey.error).toBe("config.formId must name a survey of this project");
    await expectRefused("POST", "/outbounds", { ...notification, type: "popup" }, 400, "type");
    await expectRefused("POST", "/outbounds", { ...notification, audience: "vip" }, 400, "audience");
    await expectRefused(
      "POST",
      "/outbounds",
      { ...notification, pageFilterType: "regex" },
      400,
      "pageFilterType",
    );
    await expectRefused("POST", "/outbounds", { ...notification, name: "" }, 400, "name");
    await expectRefused("PUT", "/outbounds/missing", notification, 404);
    await expectRefused("POST", "/outbounds/missing/publish", undefined, 404);
    await expectRefused("GET", "/outbounds?type=popup", undefined, 400, "type");
    const elsewhere = await t.api.call("GET", "/api/projects/no-such-project/outbounds");
    expect(elsewhere.status).toBe(404);
  });
});

describe("publishing", () => {
  async function connected(
    page: string,
    identify?: string,
  ): Promise<{ session: TestSession; socket: TestSocket }> {
    const session = await t.session();
    if (identify) await t.widgetJson(session, "POST", "/sessions/identify", { userId: identify }, 200);
    expect((await ping(t.mainUrl, session, page)).status).toBe(200);
    return { session, socket: await openSocket(t.mainUrl, session) };
  }

  /** Proves a socket got nothing before this point. */
  const expectNothing = ({ session, socket }: { session: TestSession; socket: TestSocket }) =>
    expectNothingPushed(t.api.server.fanout, session, socket, "none");

  test("reaches the connected widgets whose page matches at once, once; stats count the widget's acknowledgement", async () => {
    // Sessions are served in the order they connected: the one that must get nothing goes first.
    const away = await connected("https://host.example/elsewhere");
    const here = await connected("https://host.example/live-banner");
    try {
      const banner = await t.create<AdminOutbound>("/outbounds", {
        type: "banner",
        name: "Live",
        config: { title: "Now live" },
        pageFilter: "/live-banner",
        pageFilterType: "contains",
      });
      const published = await t.admin<AdminOutbound>(
        "POST",
        `/outbounds/${banner.id}/publish`,
        undefined,
        200,
      );
      expect(published.status).toBe("live");
      expect(published.publishedAt).toBeString();
      const push = await here.socket.next();
      expect(push).toMatchObject({
        name: "update",
        data: { a: [{ actionType: "banner", outbound: banner.id, data: { title: "Now live" } }] },
      });
      await expectNothing(away);
      // Offered until the widget says it showed it; once shown (frequency once), a second
      // publish (already live) sends nothing again, and the next ping neither.
      expect((await acknowledge(t.mainUrl, here.session, banner.id, "shown")).status).toBe(200);
      await t.admin("POST", `/outbounds/${banner.id}/publish`, undefined, 200);
      await ping(t.mainUrl, here.session, "https://host.example/live-banner");
      await expectNothing(here);
      // The stats count what the widget acknowledged, not what was sent (outbound-stats.db.test.ts).
      expect(await t.adminGet(`/outbounds/${banner.id}/stats`)).toMatchObject({
        totals: { shown: 1, opened: 0, completed: 0, closed: 0 },
      });

      const withdrawn = await t.admin<AdminOutbound>(
        "POST",
        `/outbounds/${banner.id}/unpublish`,
        undefined,
        200,
      );
      expect(withdrawn).toMatchObject({ status: "draft", publishedAt: published.publishedAt });
      expect(await auditActions(t.api.sql, banner.id)).toEqual([
        "outbound.create",
        "outbound.publish",
        "outbound.unpublish",
      ]);
    } finally {
      away.socket.close();
      here.socket.close();
    }
  });

  test("honours the audience: identified users only, or anonymous visitors only", async () => {
    const anonymous = await connected("https://host.example/audience");
    const identified = await connected("https://host.example/audience", "user-42");
    try {
      const create = async (audience: string, title: string) =>
        t.create<AdminOutbound>("/outbounds", {
          type: "notification",
          name: title,
          config: { text: title },
          audience,
          pageFilter: "/audience",
          pageFilterType: "contains",
        });
      /**
       * Publishes content for `audience`: only `reached` is told, `passed` (with `passedUnread`
       * notifications unread) gets nothing. Both sockets opened with nothing unread: the count a socket
       * is told on opening, read after a notification reached it, may come late, and says nothing new.
       */
      const publishFor = async (
        audience: Parameters<typeof create>[0],
        name: string,
        reached: typeof identified,
        passed: typeof identified,
        passedUnread: number,
      ) => {
        const outbound = await create(audience, name);
        await t.admin("POST", `/outbounds/${outbound.id}/publish`, undefined, 200);
        expect(await nextBesidesCount(reached.socket)).toMatchObject({
          name: "update",
          data: { a: [{ outbound: outbound.id }] },
        });
        // Shown: it is not offered again with the next publish.
        expect((await acknowledge(t.mainUrl, reached.session, outbound.id, "shown")).status).toBe(200);
        await expectNothingPushedBesidesLateCount(
          t.api.server.fanout,
          passed.session,
          passed.socket,
          "none",
          passedUnread,
        );
      };
      await publishFor("identified", "For users", identified, anonymous, 0);
      await publishFor("anonymous", "For visitors", anonymous, identified, 1);
    } finally {
      anonymous.socket.close();
      identified.socket.close();
    }
  });
});

describe("tooltips", () => {
  const write = {
    name: "Save hint",
    selector: "#save",
    html: '<p onclick="x()">Saves <b>everything</b></p><script>alert(1)</script>',
    mode: "hotspot",
    posX: "right",
    posY: "center",
    page: "/editor",
    pageType: "contains",
  };
  const widgetTooltips = async () =>
    (await (await fetch(`${t.mainUrl}/api/widget/config/demo/tooltips`)).json()) as Array<
      Record<string, unknown>
    >;

  test("CRUD and publishing; the widget gets only live ones, as their configs with cleaned html", async () => {
    const created = await t.create<AdminTooltip>("/tooltips", write);
    expect(created).toMatchObject({ name: "Save hint", status: "draft", selector: "#save" });
    expect(created.html).toBe("<p>Saves <b>everything</b></p>");
    expect(await widgetTooltips()).toEqual([]);

    await t.admin("POST", `/tooltips/${created.id}/publish`, undefined, 200);
    expect(await widgetTooltips()).toEqual([
      {
        id: created.id,
        selector: "#save",
        html: "<p>Saves <b>everything</b></p>",
        mode: "hotspot",
        posX: "right",
        posY: "center",
        page: "/editor",
        pageType: "contains",
      },
    ]);
    const renamed = await t.admin<AdminTooltip>(
      "PUT",
      `/tooltips/${created.id}`,
      { ...write, selector: "#store" },
      200,
    );
    expect(renamed.status).toBe("live");
    expect((await widgetTooltips())[0]?.selector).toBe("#store");
    expect((await t.adminGet<Page<AdminTooltip>>("/tooltips?status=live")).total).toBe(1);

    await t.admin("POST", `/tooltips/${created.id}/unpublish`, undefined, 200);
    expect(await widgetTooltips()).toEqual([]);
    expect((await t.api.call("DELETE", `/api/projects/${t.projectId}/tooltips/${created.id}`)).status).toBe(
      204,
    );
    expect(await auditActions(t.api.sql, created.id)).toEqual([
      "tooltip.create",
      "tooltip.publish",
      "tooltip.update",
      "tooltip.unpublish",
      "tooltip.delete",
    ]);
  });

  test("bad bodies are 400s naming the field, unknown ones 404s; nothing is written", async () => {
    await expectRefused("POST", "/tooltips", { ...write, mode: "popup" }, 400, "mode");
    await expectRefused("POST", "/tooltips", { ...write, selector: "" }, 400, "selector");
    await expectRefused("PUT", "/tooltips/missing", write, 404);
    await expectRefused("POST", "/tooltips/missing/publish", undefined, 404);
  });
});

describe("the builder frame on the messenger origin", () => {
  const messengerOrigin = () => new URL(t.api.server.messengerUrl).origin;

  test("may save outbounds and tooltips cross-origin with a bearer token; other origins may not", async () => {
    const tooltip = await t.create<AdminTooltip>("/tooltips", {
      name: "Cors",
      selector: "#c",
      html: "",
      mode: "plain",
    });
    const path = `${t.mainUrl}/api/projects/${t.projectId}/tooltips/${tooltip.id}`;
    const preflight = await fetch(path, {
      method: "OPTIONS",
      headers: {
        Origin: messengerOrigin(),
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(messengerOrigin());
    expect(preflight.headers.get("access-control-allow-methods")).toContain("PUT");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization");

    const saved = await fetch(path, {
      method: "PUT",
      headers: {
        Origin: messengerOrigin(),
        Authorization: `Bearer ${t.api.adminToken}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ name: "Cors", selector: "#moved", html: "", mode: "plain" }),
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("access-control-allow-origin")).toBe(messengerOrigin());
    expect(saved.headers.get("access-control-allow-credentials")).toBeNull();

    const foreign = await fetch(path, { method: "OPTIONS", headers: { Origin: "https://evil.example" } });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    const foreignGet = await fetch(path, {
      headers: { Origin: "https://evil.example", Authorization: `Bearer ${t.api.adminToken}` },
    });
    expect(foreignGet.headers.get("access-control-allow-origin")).toBeNull();
    // Only the builder's paths: the rest of the platform API stays same-origin.
    const users = await fetch(`${t.mainUrl}/api/users`, {
      method: "OPTIONS",
      headers: { Origin: messengerOrigin(), "Access-Control-Request-Method": "GET" },
    });
    expect(users.headers.get("access-control-allow-origin")).toBeNull();
    // Nor the project's settings (the identity secret), nor deleting what the builder edits.
    const settings = await fetch(`${t.mainUrl}/api/projects/${t.projectId}/settings`, {
      headers: { Origin: messengerOrigin(), Authorization: `Bearer ${t.api.adminToken}` },
    });
    expect(settings.headers.get("access-control-allow-origin")).toBeNull();
    const remove = await fetch(path, {
      method: "OPTIONS",
      headers: { Origin: messengerOrigin(), "Access-Control-Request-Method": "DELETE" },
    });
    expect(remove.headers.get("access-control-allow-origin")).toBeNull();
  });
});
