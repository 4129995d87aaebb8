import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { test } from "./support/spec-test.ts";

// The accessibility specs' axe runner reports what it should, in the page and in its frames, whether a
// frame shares the page's origin or not. An image without a text alternative is the finding each
// document holds; a frame sandboxed without scripts is left out, and the run does not wait on it.

const unlabelled = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">';

function hostPage(frame: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Axe runner</title></head><body><main><h1>Host</h1>${unlabelled}<iframe title="Inner" src="${frame}"></iframe><iframe title="Scriptless" sandbox="" srcdoc="<p>Scriptless</p>"></iframe></main></body></html>`;
}

async function serve(page: Page, frameOrigin: string) {
  await page.route("http://a11y.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: hostPage(`${frameOrigin}/frame`) }),
  );
  await page.route(`${frameOrigin}/frame`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><html lang="en"><head><title>Inner</title></head><body><main>${unlabelled}<p id="note">Inner</p></main></body></html>`,
    }),
  );
  await page.goto("http://a11y.test/");
  await expect(page.frameLocator("iframe[title=Inner]").locator("#note")).toHaveText("Inner");
}

const imageAltTargets = (violations: Awaited<ReturnType<typeof axeViolations>>) =>
  violations
    .filter((violation) => violation.id === "image-alt")
    .flatMap((violation) => violation.nodes.map((node) => node.target));

for (const [name, frameOrigin] of [
  ["a frame of the page's origin", "http://a11y.test"],
  ["a frame of another origin", "http://other-a11y.test"],
] as const) {
  test(`axe finds what the page and its frame lack, ${name}`, async ({ page }) => {
    await serve(page, frameOrigin);
    const inner = 'iframe[title="Inner"]';
    expect(imageAltTargets(await axeViolations(page))).toEqual([["img"], [inner, "img"]]);
    // `include` narrows it to the frame, `exclude` leaves the frame out.
    expect(imageAltTargets(await axeViolations(page, { include: inner }))).toEqual([[inner, "img"]]);
    expect(imageAltTargets(await axeViolations(page, { exclude: [inner] }))).toEqual([["img"]]);
    // Started in the frame, it reports the frame's document alone.
    const frame = page.frames().find((each) => each.url().endsWith("/frame"));
    expect(imageAltTargets(await axeViolations(frame ?? page))).toEqual([["img"]]);
  });
}

test("axe reaches a frame inside a shadow root", async ({ page }) => {
  await page.setContent(
    `<!DOCTYPE html><html lang="en"><head><title>Shadow</title></head><body><main><h1>Host</h1><div id="host"></div></main></body></html>`,
  );
  await page.evaluate((image) => {
    const root = document.getElementById("host")?.attachShadow({ mode: "open" });
    const frame = document.createElement("iframe");
    frame.title = "Shadowed";
    frame.srcdoc = `<!DOCTYPE html><html lang="en"><head><title>In</title></head><body><main>${image}</main></body></html>`;
    root?.append(frame);
  }, unlabelled);
  await expect(page.frameLocator("#host iframe").locator("img")).toHaveCount(1);
  expect(imageAltTargets(await axeViolations(page))).toHaveLength(1);
});
