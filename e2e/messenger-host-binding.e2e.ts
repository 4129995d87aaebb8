import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { allowedOriginsWrite, writeRows } from "./support/database.ts";
import { mainOrigin, messengerOrigin } from "./support/host-page.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * A messenger frame opened without `?sdkKey=` (as the published Gleap SDK opens it) may be framed by
 * the origins of every project together, and its own requests come from the messenger origin, which
 * every project lets call the API. So a page one project lists must not be able to drive it as
 * another project: the frame binds to the project of the host's first `session-update`, takes it only
 * once the server says the host's origin is one that project allows (`POST /api/widget/frame-host`),
 * and ignores a later `session-update` for any other project.
 */

const projects = createWidgetProjects("binding");
test.afterAll(() => projects.removeAll());

const shopHost = "http://shop.test";

/** Two projects: the shop lists its own origin, the other project another one. */
async function twoProjects(): Promise<{ shop: string; other: string }> {
  const shop = await projects.create("shop");
  const other = await projects.create("other");
  await writeRows([allowedOriginsWrite(shop, [shopHost]), allowedOriginsWrite(other, ["http://other.test"])]);
  return { shop, other };
}

/** A visitor session of the project, started as the SDK starts one (server to server: no origin). */
async function sessionOf(request: APIRequestContext, sdkKey: string) {
  const response = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": sdkKey },
    data: { lang: "en" },
  });
  expect(response.status()).toBe(200);
  const { gleapId, gleapHash } = (await response.json()) as { gleapId: string; gleapHash: string };
  return { gleapId, gleapHash };
}

/**
 * A host page on shop.test that frames the messenger without a key and posts what the test gives it
 * once the frame has said `ping`; the widget API calls the page makes are recorded with their key.
 */
async function openHost(page: Page) {
  const calls: Array<{ path: string; key: string; status: number }> = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin !== mainOrigin || !url.pathname.startsWith("/api/widget/")) return;
    if (response.request().method() === "OPTIONS") return;
    const key = response.request().headers()["api-token"] ?? "";
    calls.push({ path: url.pathname, key, status: response.status() });
  });
  await page.route(`${shopHost}/host`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><body>
        <iframe id="messenger" src="${messengerOrigin}/" title="Messenger"></iframe>
        <script>
          window.pinged = false;
          addEventListener("message", (event) => {
            if (event.origin === ${JSON.stringify(messengerOrigin)} && event.data === '{"name":"ping"}') window.pinged = true;
          });
          window.tell = (message) => document.getElementById("messenger").contentWindow
            .postMessage(JSON.stringify(message), ${JSON.stringify(messengerOrigin)});
        </script></body></html>`,
    }),
  );
  await page.goto(`${shopHost}/host`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { pinged: boolean }).pinged)).toBe(true);
  const tell = (message: unknown) =>
    page.evaluate((text) => (window as unknown as { tell(m: unknown): void }).tell(text), message);
  const app = page.frameLocator("#messenger").getByTestId("frame-app");
  return { calls, tell, app };
}

const sessionUpdate = (sdkKey: string, sessionData: unknown) => ({
  name: "session-update",
  data: { sessionData, apiUrl: `${mainOrigin}/api/widget`, sdkKey },
});
const config = { name: "config-update", data: { config: { color: "#0B7A75" } } };

test("a page another project lists cannot drive a key-less messenger as this project", async ({
  page,
  request,
}) => {
  const { other } = await twoProjects();
  const { calls, tell, app } = await openHost(page);

  const refusal = page.waitForResponse((response) => response.url().endsWith("/api/widget/frame-host"));
  await tell(sessionUpdate(other, await sessionOf(request, other)));
  expect((await refusal).status()).toBe(403);
  // The host's next message arrives; the other project's session never did.
  await tell(config);
  await expect(app).toHaveAttribute("data-received", /config-update/);
  expect(await app.getAttribute("data-received")).not.toContain("session-update");
  expect(calls.filter((call) => call.path !== "/api/widget/frame-host")).toEqual([]);
});

test("a key-less messenger serves the project its host may show, and ignores a switch to another", async ({
  page,
  request,
}) => {
  const { shop, other } = await twoProjects();
  const { calls, tell, app } = await openHost(page);

  await tell(config);
  const home = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/widget/messenger/home",
  );
  await tell(sessionUpdate(shop, await sessionOf(request, shop)));
  expect((await home).status()).toBe(200);
  await expect(app).toHaveAttribute("data-received", "config-update session-update");

  // The host turns to the other project: the frame stays the shop's and asks nothing about it.
  await tell(sessionUpdate(other, await sessionOf(request, other)));
  await tell({ name: "widget-status-update", data: { isWidgetOpen: true } });
  await expect(app).toHaveAttribute("data-received", "config-update session-update widget-status-update");
  expect(calls.filter((call) => call.key === other)).toEqual([]);
  expect(calls.filter((call) => call.path === "/api/widget/frame-host")).toEqual([
    { path: "/api/widget/frame-host", key: shop, status: 204 },
  ]);
});
