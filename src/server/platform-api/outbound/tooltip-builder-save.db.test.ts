import { describe, expect, test } from "bun:test";
import { readItem, tooltipWrite } from "../../../messenger/builder/builder-item.ts";
import type { BuilderTokenResult } from "../../../shared/builder-messages.ts";
import type { AdminTooltip, TooltipWrite } from "../../../shared/inbox-api.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { demoProjectId } from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * Over HTTP: the tooltip builder saves (it once sent the record's own `updatedAt`
 * back and got "Unknown field updatedAt", 400) and the tooltip keeps the site page the builder opens
 * on through every save: the admin's, the builder's draft and its publishing. That page is the
 * admin's only: the widget's tooltip list leaves it out.
 */

let api: AdminApiTestClient;
let projectId = "";

startBeforeAll(startAdminApiTestClient, async (started) => {
  api = started;
  projectId = await demoProjectId(api.sql);
});

const path = (rest: string) => `/api/projects/${projectId}${rest}`;
const builderUrl = "https://shop.example.com/pricing";
const write: TooltipWrite = {
  name: "Plan help",
  selector: "#plan",
  html: "<p>Billed yearly</p>",
  mode: "hotspot",
  page: "/pricing",
  pageType: "contains",
  builderUrl,
};

describe("the tooltip builder's save", () => {
  test("the builder frame's own PUT body saves, and the page address survives every save", async () => {
    const created = await api.create<AdminTooltip>(path("/tooltips"), write);
    expect(created.builderUrl).toBe(builderUrl);
    // The admin's save of the whole form keeps it.
    const saved = await api.expectJson<AdminTooltip>(
      "PUT",
      path(`/tooltips/${created.id}`),
      { ...write, html: "<p>Billed yearly, or monthly</p>" },
      200,
    );
    expect(saved.builderUrl).toBe(builderUrl);

    const { token } = await api.expectJson<BuilderTokenResult>(
      "POST",
      path("/builder-token"),
      { kind: "tooltip", itemId: created.id },
      200,
    );
    // What the frame does (src/messenger/builder): read the item, change its element, write it back.
    const loaded = readItem(
      "tooltip",
      await api.getJson<AdminTooltip>(path(`/tooltips/${created.id}`), token),
    );
    if (loaded.kind !== "tooltip") throw new Error("not a tooltip");
    expect(loaded.tooltip.updatedAt).toBeString();
    const body = tooltipWrite({ ...loaded.tooltip, selector: '[data-gleap-tour="plan"]' });
    const drafted = await api.expectJson<AdminTooltip>(
      "PUT",
      path(`/tooltips/${created.id}`),
      body,
      200,
      token,
    );
    expect(drafted).toMatchObject({ selector: '[data-gleap-tour="plan"]', builderUrl, page: "/pricing" });
    // Saving again from what it got back works too.
    const again = readItem("tooltip", drafted);
    if (again.kind !== "tooltip") throw new Error("not a tooltip");
    await api.expectJson("PUT", path(`/tooltips/${created.id}`), tooltipWrite(again.tooltip), 200, token);

    const published = await api.expectJson<AdminTooltip>(
      "POST",
      path(`/tooltips/${created.id}/builder-draft/publish`),
      undefined,
      200,
    );
    expect(published).toMatchObject({ selector: '[data-gleap-tour="plan"]', builderUrl, page: "/pricing" });
  });

  test("the builder page must be a web address, and the widget never gets it", async () => {
    const before = await api.sql`SELECT count(*) AS n FROM widget_tooltips`;
    const refused = await api.call("POST", path("/tooltips"), {
      ...write,
      builderUrl: "javascript:alert(1)",
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { field?: string }).field).toBe("builderUrl");
    expect(await api.sql`SELECT count(*) AS n FROM widget_tooltips`).toEqual(before);

    const created = await api.create<AdminTooltip>(path("/tooltips"), write);
    await api.expectJson("POST", path(`/tooltips/${created.id}/publish`), undefined, 200);
    const listed = await fetch(`${api.server.mainUrl}/api/widget/config/demo/tooltips`);
    expect(listed.status).toBe(200);
    const tooltips = (await listed.json()) as Array<Record<string, unknown>>;
    const ours = tooltips.find((tooltip) => tooltip.id === created.id);
    expect(ours).toMatchObject({ selector: "#plan", page: "/pricing" });
    expect(ours).not.toHaveProperty("builderUrl");
  });
});
