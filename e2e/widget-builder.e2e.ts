import { expect, type Page, test } from "@playwright/test";
import { e2eEnv } from "../playwright.config.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";

/**
 * The admin builder (spec §2, §5, §7) against the real server: an admin-origin window opens /demo the
 * way `openBuilder` does and answers the page's `init` with `load`; the builder frame from the messenger
 * origin picks an element on the page and saves the tour through the platform API.
 */

const origin = `http://localhost:${e2eEnv.PORT}`;

async function acceptCookies(page: Page) {
  await page.context().addCookies([{ name: "agreedToCookiePolicy", value: "true", url: origin }]);
}

test("a plain page view loads no builder chunk", async ({ page }) => {
  await acceptCookies(page);
  const chunks: string[] = [];
  page.on("request", (request) => chunks.push(request.url()));
  await page.goto("/demo");
  await expect(page.locator("#widget-status")).toHaveAttribute("data-state", "ready");
  expect(chunks.filter((url) => url.includes("builder"))).toEqual([]);
});

test("the builder picks an element on /demo and saves it as a tour step", async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const [project] = selectRows<{ id: string }>("SELECT id FROM widget_projects WHERE sdk_key = $1", "demo");
  if (!project) throw new Error("no demo project");
  const created = await request.post(`/api/projects/${project.id}/outbounds`, {
    headers,
    data: { type: "tour", name: "Builder tour", config: { steps: [] } },
  });
  expect(created.status()).toBe(201);
  const tour = (await created.json()) as { id: string };

  await acceptCookies(page);
  // The admin's window: what `openBuilder` does (its messages are unit-tested in src/admin/builder/).
  await page.goto("/login");
  const popup = page.context().waitForEvent("page");
  await page.evaluate(
    ({ init }) => {
      const site = window.open("/demo", "_blank");
      const saved: unknown[] = [];
      (window as unknown as { builderSaved: unknown[] }).builderSaved = saved;
      window.addEventListener("message", (event) => {
        if (event.source !== site || event.origin !== location.origin) return;
        const message = JSON.parse(String(event.data)) as { name: string; type: string; data?: unknown };
        if (message.type !== "admin") return;
        if (message.name === "init")
          site?.postMessage(JSON.stringify({ name: "load", type: "admin", data: init }), location.origin);
        if (message.name === "save") saved.push(message.data);
      });
    },
    {
      init: {
        kind: "tour",
        projectId: project.id,
        itemId: tour.id,
        apiUrl: `${origin}/api`,
        accessToken: headers.Authorization?.replace("Bearer ", ""),
        locale: "en-US",
      },
    },
  );
  const site = await popup;
  const bar = site.locator(".gb-bar");
  const builder = site.frameLocator(".gb-frame");

  // Navigate mode: the bar is 65px and shows the page.
  await expect(builder.getByRole("button", { name: "Pick element" })).toBeVisible();
  await expect(bar).toHaveCSS("height", "65px");
  await expect(builder.locator(".gb-url")).toHaveText(`${origin}/demo`);

  await builder.getByRole("button", { name: "Pick element" }).click();
  await expect(builder.getByText("Click an element on the page to select it.")).toBeVisible();
  const target = site.locator("#identify");
  const mark = await target.getAttribute("data-gleap-tour");
  const selector = mark ? `[data-gleap-tour="${mark}"]` : "#identify";
  // The page's own click handler does not run while picking (the button would sign Ada in).
  await target.click();
  await expect(site.locator("#result")).toHaveText("");

  // Editor mode: the whole viewport, with the picked element as the new step.
  await expect(bar).toHaveCSS("height", `${site.viewportSize()?.height}px`);
  await expect(builder.locator(".gb-selector")).toHaveText(selector);
  await builder.getByLabel("Title").fill("Sign in here");
  await builder.getByLabel("Description").fill("Your notes follow you to every device.");
  await builder.getByLabel("Type").selectOption("CLICK");
  await builder.getByRole("button", { name: "Save" }).click();
  await expect(builder.locator(".gb-panel .gb-status")).toHaveText("Saved");
  await site.screenshot({ path: "docs/screenshots/builder.png" });

  const stored = await request.get(`/api/projects/${project.id}/outbounds/${tour.id}`, { headers });
  const { config } = (await stored.json()) as { config: { steps: unknown[] } };
  expect(config.steps).toEqual([
    { selector, title: "Sign in here", message: "Your notes follow you to every device.", mode: "CLICK" },
  ]);
  // The admin's window heard of it (the editor reloads the tour).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { builderSaved: unknown[] }).builderSaved))
    .toEqual([{ kind: "tour", itemId: tour.id }]);

  await request.delete(`/api/projects/${project.id}/outbounds/${tour.id}`, { headers });
});
