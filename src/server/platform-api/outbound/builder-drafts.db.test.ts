import { describe, expect, test } from "bun:test";
import type { BuilderDraftAnswer } from "../../../shared/builder-drafts-api.ts";
import type { BuilderTokenResult } from "../../../shared/builder-messages.ts";
import type { AdminOutbound, AdminTooltip, OutboundWrite, TooltipWrite } from "../../../shared/inbox-api.ts";
import { builderOnlyMessage } from "../../auth/auth-guard.ts";
import { deleteBuilderDraft, findBuilderDraft } from "../../domain/outbounds/builder-drafts-repository.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import {
  call,
  demoProjectId,
  startSession,
  type TestSession,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * The builder's token (readable by every script of the admin's site page) may change
 * only the steps, selectors and texts of its own item, and what it saves is a draft an admin publishes
 * with their own sign-in. Name, pages, audience, status and every other setting are refused with 403;
 * a tour without steps is refused with 400 on every path.
 */

let api: AdminApiTestClient;
let projectId = "";
let visitor: TestSession;

const liveSteps = [{ selector: "#pricing", message: "<p>Our plans</p>" }];
const tourWrite = (name: string, steps: unknown[] = liveSteps): OutboundWrite => ({
  type: "tour",
  name,
  config: { tourType: "standard", allowClose: true, steps },
  pageFilter: "/pricing",
  pageFilterType: "contains",
  audience: "identified",
});

startBeforeAll(startAdminApiTestClient, async (started) => {
  api = started;
  projectId = await demoProjectId(api.sql);
  visitor = await startSession(api.server.mainUrl);
});

const projectPath = (path: string) => `/api/projects/${projectId}${path}`;
const admin = <T>(method: string, path: string, body: unknown, status: number, token?: string) =>
  api.expectJson<T>(method, projectPath(path), body, status, token);
/** A call without a body that must answer 200. */
const expect200 = <T>(method: string, path: string, token?: string) =>
  admin<T>(method, path, undefined, 200, token);

async function liveTour(name: string): Promise<AdminOutbound> {
  const tour = await admin<AdminOutbound>("POST", "/outbounds", tourWrite(name), 201);
  await expect200("POST", `/outbounds/${tour.id}/publish`);
  return tour;
}

async function builderToken(kind: "tour" | "tooltip", itemId: string): Promise<string> {
  return (await admin<BuilderTokenResult>("POST", "/builder-token", { kind, itemId }, 200)).token;
}

/** A live tour and a builder token for it. */
async function liveTourForBuilder(name: string): Promise<{ tour: AdminOutbound; token: string }> {
  const tour = await liveTour(name);
  return { tour, token: await builderToken("tour", tour.id) };
}

/** The builder saves the tour with `steps` (a draft, the tour being live). */
const builderSave = <T>(tour: AdminOutbound, steps: unknown[], token: string) =>
  admin<T>("PUT", `/outbounds/${tour.id}`, tourWrite(tour.name, steps), 200, token);

/** What the visitor's widget gets for the tour (only live content is served). */
async function visitorSteps(tourId: string): Promise<unknown> {
  const response = await call(api.server.mainUrl, visitor, "POST", "/outbound/producttours", {
    outboundId: tourId,
  });
  const body = (await response.json()) as { config: { steps: unknown } };
  return body.config.steps;
}

async function rowOf(id: string): Promise<string> {
  return JSON.stringify(await api.sql`SELECT * FROM widget_outbounds WHERE id = ${id}`);
}

async function refusal(method: string, path: string, body: unknown, token?: string) {
  const response = await api.call(method, projectPath(path), body, token);
  return { status: response.status, ...((await response.json()) as { error: string; field?: string }) };
}

describe("the builder token on a live tour", () => {
  test("cannot widen its pages or audience, rename it, or change its other settings: 403, nothing written", async () => {
    const { tour, token } = await liveTourForBuilder("Pricing tour");
    const before = await rowOf(tour.id);
    const attacks: Array<[string, OutboundWrite]> = [
      ["pageFilter", { ...tourWrite("Pricing tour"), pageFilter: "" }],
      ["pageFilterType", { ...tourWrite("Pricing tour"), pageFilterType: "" }],
      ["audience", { ...tourWrite("Pricing tour"), audience: "all" }],
      // Leaving the targeting out would widen it to every page and visitor.
      ["pageFilter", { type: "tour", name: "Pricing tour", config: tourWrite("x").config }],
      ["name", tourWrite("Free money")],
      [
        "config.allowClose",
        { ...tourWrite("Pricing tour"), config: { ...tourWrite("x").config, allowClose: false } },
      ],
      [
        "config.tourType",
        { ...tourWrite("Pricing tour"), config: { ...tourWrite("x").config, tourType: "cobrowse" } },
      ],
      ["type", { ...tourWrite("Pricing tour"), type: "modal", config: { title: "x" } }],
    ];
    for (const [field, body] of attacks) {
      const answer = await refusal("PUT", `/outbounds/${tour.id}`, body, token);
      expect(`${field}: ${answer.status} ${answer.field}`).toBe(`${field}: 403 ${field}`);
      expect(answer.error).toContain("need the admin's own sign-in");
    }
    // Status, too, is the admin's: publish and unpublish refuse the builder token, and say why.
    for (const verb of ["publish", "unpublish"]) {
      const answer = await refusal("POST", `/outbounds/${tour.id}/${verb}`, undefined, token);
      expect(answer).toMatchObject({ status: 403, error: builderOnlyMessage });
    }
    expect(await rowOf(tour.id)).toBe(before);
    const { draft } = await expect200<BuilderDraftAnswer>("GET", `/outbounds/${tour.id}/builder-draft`);
    expect(draft).toBeNull();
  });

  test("its text change is a draft: the visitor keeps the live steps until an admin publishes it", async () => {
    const { tour, token } = await liveTourForBuilder("Checkout tour");
    const steps = [{ selector: "#buy", title: "Buy", message: "<p>Buy here</p>", mode: "CLICK" }];
    const saved = await builderSave<AdminOutbound>(tour, steps, token);
    expect(saved.config.steps).toEqual(steps);
    expect(await visitorSteps(tour.id)).toEqual(liveSteps);
    expect((await expect200<AdminOutbound>("GET", `/outbounds/${tour.id}`)).config.steps).toEqual(liveSteps);

    // The admin sees what waits, and who saved it.
    const { draft } = await expect200<BuilderDraftAnswer>("GET", `/outbounds/${tour.id}/builder-draft`);
    expect(draft).toMatchObject({
      kind: "tour",
      itemId: tour.id,
      content: { steps },
      savedBy: { id: api.adminId },
    });

    // Only the admin's own sign-in publishes it, never the builder token.
    for (const [method, path] of [
      ["POST", `/outbounds/${tour.id}/builder-draft/publish`],
      ["GET", `/outbounds/${tour.id}/builder-draft`],
      ["DELETE", `/outbounds/${tour.id}/builder-draft`],
    ] as const)
      expect(await refusal(method, path, undefined, token)).toMatchObject({
        status: 403,
        error: builderOnlyMessage,
      });
    expect(await visitorSteps(tour.id)).toEqual(liveSteps);

    const published = await expect200<AdminOutbound>("POST", `/outbounds/${tour.id}/builder-draft/publish`);
    expect(published).toMatchObject({
      status: "live",
      name: "Checkout tour",
      pageFilter: "/pricing",
      audience: "identified",
      config: { tourType: "standard", allowClose: true, steps },
    });
    expect(await visitorSteps(tour.id)).toEqual(steps);
    expect(
      (await expect200<BuilderDraftAnswer>("GET", `/outbounds/${tour.id}/builder-draft`)).draft,
    ).toBeNull();
    expect(await auditActions(api.sql, tour.id)).toEqual([
      "outbound.create",
      "outbound.publish",
      "outbound.builder-draft",
      "outbound.builder-publish",
    ]);
    expect((await refusal("POST", `/outbounds/${tour.id}/builder-draft/publish`, undefined)).status).toBe(
      404,
    );
  });

  test("a discarded draft leaves the tour as it was", async () => {
    const { tour, token } = await liveTourForBuilder("Discard tour");
    await builderSave(tour, [{ selector: "#x", message: "New" }], token);
    const before = await rowOf(tour.id);
    expect((await api.call("DELETE", projectPath(`/outbounds/${tour.id}/builder-draft`))).status).toBe(204);
    expect(await rowOf(tour.id)).toBe(before);
    expect((await expect200<AdminOutbound>("GET", `/outbounds/${tour.id}`, token)).config.steps).toEqual(
      liveSteps,
    );
    expect((await refusal("DELETE", `/outbounds/${tour.id}/builder-draft`, undefined)).status).toBe(404);
  });

  test("publishing takes only the draft the admin read: one saved since stays waiting", async () => {
    const { tour, token } = await liveTourForBuilder("Race tour");
    await builderSave(tour, [{ selector: "#one", message: "1" }], token);
    const key = { kind: "tour" as const, projectId, itemId: tour.id };
    const read = await findBuilderDraft(api.sql, key);
    await Bun.sleep(2);
    await builderSave(tour, [{ selector: "#two", message: "2" }], token);
    expect(await deleteBuilderDraft(api.sql, key, read?.savedAt)).toBe(false);
    expect((await findBuilderDraft(api.sql, key))?.content).toEqual({
      steps: [{ selector: "#two", message: "2" }],
    });
  });

  test("deleting the tour deletes its draft", async () => {
    const { tour, token } = await liveTourForBuilder("Gone tour");
    await builderSave(tour, [{ selector: "#x", message: "x" }], token);
    expect((await api.call("DELETE", projectPath(`/outbounds/${tour.id}`))).status).toBe(204);
    const [left] = await api.sql`SELECT count(*) AS n FROM builder_drafts WHERE item_id = ${tour.id}`;
    expect(Number(left.n)).toBe(0);
  });
});

describe("a tour without steps", () => {
  test("is refused with 400 on every path: create, save, the builder's draft", async () => {
    const created = await refusal("POST", "/outbounds", tourWrite("Empty", []), undefined);
    expect(created).toMatchObject({
      status: 400,
      field: "config.steps",
      error: "a tour needs at least one step",
    });
    const tour = await liveTour("Not empty");
    expect(await refusal("PUT", `/outbounds/${tour.id}`, tourWrite("Not empty", []))).toMatchObject({
      status: 400,
      field: "config.steps",
    });
    const token = await builderToken("tour", tour.id);
    expect(await refusal("PUT", `/outbounds/${tour.id}`, tourWrite("Not empty", []), token)).toMatchObject({
      status: 400,
      field: "config.steps",
    });
    expect(await visitorSteps(tour.id)).toEqual(liveSteps);
    const { draft } = await expect200<BuilderDraftAnswer>("GET", `/outbounds/${tour.id}/builder-draft`);
    expect(draft).toBeNull();
  });
});

describe("the builder token on a tooltip", () => {
  const tooltipWrite: TooltipWrite = {
    name: "Help dot",
    selector: "#b",
    html: "<p>Help</p>",
    mode: "hotspot",
    color: "#485BFF",
    page: "/pricing",
    pageType: "contains",
  };

  test("changes only selector, text and display, as a draft the admin publishes", async () => {
    const tooltip = await admin<AdminTooltip>("POST", "/tooltips", tooltipWrite, 201);
    await expect200("POST", `/tooltips/${tooltip.id}/publish`);
    const token = await builderToken("tooltip", tooltip.id);
    for (const [field, body] of [
      ["page", { ...tooltipWrite, page: "" }],
      ["name", { ...tooltipWrite, name: "Other" }],
      ["color", { ...tooltipWrite, color: "#000000" }],
    ] as const) {
      const answer = await refusal("PUT", `/tooltips/${tooltip.id}`, body, token);
      expect(`${answer.status} ${answer.field}`).toBe(`403 ${field}`);
    }
    const edited = {
      ...tooltipWrite,
      selector: "#picked",
      html: '<p>New<img src=x onerror="alert(1)"></p>',
      mode: "plain",
    };
    const saved = await admin<AdminTooltip>("PUT", `/tooltips/${tooltip.id}`, edited, 200, token);
    expect(saved).toMatchObject({ selector: "#picked", mode: "plain" });
    expect(saved.html).not.toContain("onerror");
    const live = await expect200<AdminTooltip>("GET", `/tooltips/${tooltip.id}`);
    expect(live).toMatchObject({ selector: "#b", html: "<p>Help</p>", mode: "hotspot", status: "live" });

    const published = await expect200<AdminTooltip>("POST", `/tooltips/${tooltip.id}/builder-draft/publish`);
    const kept = { page: "/pricing", color: "#485BFF", status: "live" };
    expect(published).toMatchObject({ selector: "#picked", mode: "plain", ...kept });
    expect(published.html).not.toContain("onerror");
  });
});
