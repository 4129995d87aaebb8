import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe.ts";
import { test } from "./support/spec-test.ts";

// The accessibility specs' axe runner reports what it should, in the page and in its frames, on both of
// its paths: one pass from the page when every frame shares its origin, AxeBuilder's frame by frame
// when one does not. An image without a text alternative is the finding each document holds.

const unlabelled = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">';

function page(html: string, frame: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Axe runner</title></head><body><main><h1>Host</h1>${html}<iframe title="Inner" src="${frame}"></iframe></main></body></html>`;
}

async function serve(page_: Page, frameOrigin: string) {
  await page_.route("http://a11y.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: page(unlabelled, `${frameOrigin}/frame`) }),
  );
  await page_.route(`${frameOrigin}/frame`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><html lang="en"><head><title>Inner</title></head><body><main>${unlabelled}<p id="note">Inner</p></main></body></html>`,
    }),
  );
  await page_.goto("http://a11y.test/");
  await expect(page_.frameLocator("iframe").locator("#note")).toHaveText("Inner");
}

const imageAltTargets = (violations: Awaited<ReturnType<typeof axeViolations>>) =>
  violations
    .filter((violation) => violation.id === "image-alt")
    .flatMap((violation) => violation.nodes.map((node) => node.target));

for (const [name, frameOrigin] of [
  ["frames of the page's origin", "http://a11y.test"],
  ["a frame of another origin", "http://other-a11y.test"],
] as const) {
  test(`axe finds what the page and its frame lack, ${name}`, async ({ page }) => {
    await serve(page, frameOrigin);
    expect(imageAltTargets(await axeViolations(page))).toEqual([["img"], ["iframe", "img"]]);
    // `include` narrows it to the frame, `exclude` leaves the frame out.
    expect(imageAltTargets(await axeViolations(page, { include: "iframe" }))).toEqual([["iframe", "img"]]);
    expect(imageAltTargets(await axeViolations(page, { exclude: ["iframe"] }))).toEqual([["img"]]);
  });
}
