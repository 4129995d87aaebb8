import { expect, type Page, test } from "@playwright/test";
import { e2eEnv } from "../playwright.config.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";

/**
 * The admin builder (spec §2, §5, §7) against the real server: the dashboard's tour editor opens /demo
 * (`openBuilder`) and answers the page's `init` with `load` and a builder token; the builder frame from
 * the messenger origin picks an element on the page and saves the tour through the platform API.
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

test("the dashboard opens the builder on /demo; it picks an element and saves it as a tour step", async ({
  page,
  context,
  request,
}) => {
  const headers = await adminHeaders(request);
  const [project] = selectRows<{ id: string }>("SELECT id FROM widget_projects WHERE sdk_key = $1", "demo");
  if (!project) throw new Error("no demo project");
  const created = await request.post(`/api/projects/${project.id}/outbounds`, {
    headers,
    data: { type: "tour", name: "Builder tour", config: { steps: [], builderUrl: `${origin}/demo` } },
  });
  expect(created.status()).toBe(201);
  const tour = (await created.json()) as { id: string };

  await acceptCookies(page);
  // Everything the site page hears from the admin's window, as any script of that page could.
  await context.addInitScript(() => {
    if (!window.opener) return;
    const heard: string[] = [];
    (window as unknown as { heardFromAdmin: string[] }).heardFromAdmin = heard;
    window.addEventListener("message", (event) => {
      if (typeof event.data === "string" && event.data.includes('"admin"')) heard.push(event.data);
    });
  });
  // The admin's window: the tour's editor in the dashboard, whose button runs `openBuilder`.
  await signInAsAdmin(page);
  await page.goto(`/dashboard/content/${project.id}/tours/${tour.id}/edit`);
  const popup = context.waitForEvent("page");
  await page.getByRole("button", { name: "Open builder" }).click();
  const site = await popup;
  const bar = site.locator(".gb-bar");
  const builder = site.frameLocator(".gb-frame");

  // Navigate mode: the bar is 65px and shows the page.
  await expect(builder.getByRole("button", { name: "Pick element" })).toBeVisible();
  await expect(bar).toHaveCSS("height", "65px");
  await expect(builder.locator(".gb-url")).toHaveText(`${origin}/demo`);

  // The site heard a builder token, never the admin's access token.
  const accessToken = await page.evaluate(() => localStorage.getItem("accessToken"));
  expect(accessToken).toBeTruthy();
  const heard = await site.evaluate(() => (window as unknown as { heardFromAdmin: string[] }).heardFromAdmin);
  const loads = heard
    .map((text) => JSON.parse(text) as { name: string; data: Record<string, unknown> })
    .filter((message) => message.name === "load");
  expect(loads.length).toBeGreaterThan(0);
  for (const text of heard) expect(text).not.toContain(String(accessToken));
  for (const load of loads) expect(Object.keys(load.data)).not.toContain("accessToken");
  const builderToken = String(loads[0]?.data.builderToken);
  const asBuilder = { Authorization: `Bearer ${builderToken}` };
  // It reads its tour, and nothing else: not the users, not even deleting its own tour.
  expect(
    (await request.get(`/api/projects/${project.id}/outbounds/${tour.id}`, { headers: asBuilder })).status(),
  ).toBe(200);
  expect((await request.get("/api/users", { headers: asBuilder })).status()).toBe(401);
  expect(
    (
      await request.delete(`/api/projects/${project.id}/outbounds/${tour.id}`, { headers: asBuilder })
    ).status(),
  ).toBe(401);

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
  // The admin's window heard of it: the editor reloaded the tour with the new step.
  await expect(page.locator("#tour-step-0-selector")).toHaveValue(selector);

  await request.delete(`/api/projects/${project.id}/outbounds/${tour.id}`, { headers });
});
