import { expect } from "@playwright/test";
import { allowedOriginsWrite, writeRows } from "./support/database.ts";
import { e2eEnv } from "./support/e2e-servers.ts";
import { serveFramingPage } from "./support/framing-page.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * A project's allowed origins did not restrict who could frame the messenger, since one
 * project without a list made it `frame-ancestors *` for every project. Each frame now carries its
 * project's key, and the messenger origin answers with that project's own list.
 */

const messenger = `http://localhost:${e2eEnv.MESSENGER_PORT}`;
const projects = createWidgetProjects("framing");
test.afterAll(() => projects.removeAll());

test("a host a project does not list cannot frame that project's messenger, while the demo's stays open", async ({
  page,
}) => {
  const key = await projects.create("shop");
  await writeRows([allowedOriginsWrite(key, ["http://shop.test"])]);
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  const host = (origin: string) =>
    serveFramingPage(page, `${origin}/host`, {
      shop: `${messenger}/?sdkKey=${key}`,
      demo: `${messenger}/?sdkKey=demo`,
    });
  await host("http://elsewhere.test");
  await host("http://shop.test");

  await page.goto("http://elsewhere.test/host");
  // The demo project lists no origins: its messenger may be framed here…
  await expect(page.frameLocator("iframe[name=demo]").getByTestId("frame-app")).toBeAttached();
  // …but that no longer opens the shop's, which lists only http://shop.test.
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect(page.frameLocator("iframe[name=shop]").getByTestId("frame-app")).toHaveCount(0);

  refusals.length = 0;
  await page.goto("http://shop.test/host");
  await expect(page.frameLocator("iframe[name=shop]").getByTestId("frame-app")).toBeAttached();
  expect(refusals).toEqual([]);
});
