import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { selectRows } from "./support/database.ts";
import { e2eEnv } from "./support/e2e-servers.ts";
import { sdkSnippet } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";

/**
 * Tooltips and the checklist element on the demo project's two host pages (spec §2, §4): the seeded
 * tooltips of /demo/pricing (a hotspot shown on hover, hidden 500 ms after leaving with a 200 ms fade),
 * and the seeded checklist embedded on /demo (inline) and /demo/pricing (floating launcher), marked
 * done step by step in one tab while the other follows live. Each loads as its own lazy chunk, and a
 * page of the same project with neither loads neither.
 */

const mainUrl = `http://localhost:${e2eEnv.PORT}`;
const checklistId = "demo-checklist-try-the-widget";

type HostWindow = Window & { gleapInitialized?: boolean; Gleap: { getTooltips(): unknown[] } };

const pageErrors = new WeakMap<Page, string[]>();

test.afterEach(({ page }) => {
  // Nothing the surfaces do may throw into the host page.
  expect(pageErrors.get(page) ?? []).toEqual([]);
});

async function consent(context: BrowserContext) {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: mainUrl }]);
}

/** The SDK files a page requested, by chunk name (`tooltips`, `checklist`, …). */
function watchChunks(page: Page): Set<string> {
  const chunks = new Set<string>();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => {
    const match = /\/sdk\/([a-z-]+)-chunk-[a-z0-9]+\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) chunks.add(match[1]);
  });
  return chunks;
}

async function openDemo(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("#widget-status")).toHaveText("Widget initialized");
}

test("a page of the demo project without tooltips for it or a checklist loads neither chunk", async ({
  page,
  context,
}) => {
  await consent(context);
  const chunks = watchChunks(page);
  await page.route("**/guides-plain-host", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain host</title><script>
        ${sdkSnippet("demo")}
      </script></head><body><h1 id="page-title">A plain page</h1><p class="plan-price">$8</p></body></html>`,
    }),
  );
  // The project's tooltips are fetched (they exist, for /demo pages), but none is for this address.
  const tooltips = page.waitForResponse((response) => response.url().endsWith("/config/demo/tooltips"));
  await page.goto("/guides-plain-host");
  expect(((await (await tooltips).json()) as unknown[]).length).toBeGreaterThan(0);
  await page.waitForFunction(() => (window as HostWindow).gleapInitialized === true);
  // The loader looked at the list as it arrived (or at boot): it has it now. A chunk it wanted would be
  // asked for at the page's next idle moment (at the latest 2 s on); that moment has come too.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as HostWindow).Gleap.getTooltips().length))
    .toBeGreaterThan(0);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
  );
  expect(chunks.has("launcher")).toBe(true);
  expect([...chunks].filter((name) => name === "tooltips" || name === "checklist")).toEqual([]);
  await expect(page.locator(".gt-hotspot")).toHaveCount(0);
});

test("a hotspot's tooltip shows on hover and hides after leaving; plain tooltips show on the element", async ({
  page,
  context,
}) => {
  await consent(context);
  const chunks = watchChunks(page);
  await openDemo(page, "/demo/pricing");
  const hotspot = page.getByRole("button", { name: /^Billed yearly/ });
  await expect(hotspot).toBeVisible();
  expect(chunks.has("tooltips")).toBe(true);
  const bubble = page.getByRole("tooltip").filter({ hasText: "Billed yearly" });
  await expect(bubble).toBeHidden();

  // The demo's banner comes to every new visitor of a /demo page and pushes the page down as it
  // arrives; once it is there nothing moves under the pointer (a move would count as leaving).
  await expect(page.frameLocator("#gleap-banner iframe").getByText("Acme Notes 3.0 is here.")).toBeVisible({
    timeout: 15_000,
  });
  // Beside the element it belongs to (the team plan's price), on the right; the hotspot follows the
  // page's move within a frame or two.
  const priceBox = page.locator("#plan-team .plan-price");
  await expect
    .poll(async () => {
      const [price, spot] = [await priceBox.boundingBox(), await hotspot.boundingBox()];
      return Boolean(
        spot && price && spot.x > price.x && spot.y > price.y && spot.y < price.y + price.height,
      );
    })
    .toBe(true);
  // And it has stopped moving: the same box twice in a row, 300 ms apart.
  let lastBox = "";
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await hotspot.boundingBox());
        const same = box === lastBox;
        lastBox = box;
        return same;
      },
      { intervals: [300] },
    )
    .toBe(true);
  const spot = await hotspot.boundingBox();

  await hotspot.hover();
  await expect(bubble).toBeVisible();
  const box = await bubble.boundingBox();
  expect(box && spot && box.x >= spot.x + spot.width).toBe(true);
  // Timed in the page, from the pointer leaving to the first frame where the bubble starts to fade and
  // to the first without it: a clock in the test process would start late by however long the browser
  // took to report the move, and a busy machine may take longer than the 500 ms the bubble stays.
  type Timed = Window & { afterLeaving?: Promise<{ fading: number; hidden: number }> };
  await hotspot.evaluate(
    (spotElement, bubbleElement) => {
      (window as Timed).afterLeaving = new Promise((resolve) => {
        spotElement.addEventListener(
          "pointerleave",
          () => {
            const leftAt = performance.now();
            let fading = Number.NaN;
            const check = () => {
              const since = performance.now() - leftAt;
              if (Number.isNaN(fading) && !bubbleElement?.classList.contains("gt-shown")) fading = since;
              const shown =
                bubbleElement?.isConnected && bubbleElement.checkVisibility({ visibilityProperty: true });
              if (shown) requestAnimationFrame(check);
              else resolve({ fading, hidden: since });
            };
            check();
          },
          { once: true },
        );
      });
    },
    await bubble.elementHandle(),
  );
  await page.mouse.move(5, 600);
  await expect(bubble).toBeHidden();
  // Still there after leaving: it starts to fade 500 ms later, and is gone after a 200 ms fade.
  const afterLeaving = await page.evaluate(() => (window as Timed).afterLeaving);
  expect(afterLeaving?.fading).toBeGreaterThanOrEqual(500);
  expect(afterLeaving?.hidden).toBeGreaterThanOrEqual(600);

  // A plain tooltip shows on hovering the element itself.
  await page.locator("#pricing-question").hover();
  await expect(page.getByRole("tooltip").filter({ hasText: "Plain tooltips show" })).toBeVisible();
});

/**
 * Whether the first sentence of `text` ends with its period right of its last letter, as English reads,
 * rather than at the far end of its line, as a right-to-left paragraph puts it.
 */
function periodFollowsItsWord(text: Locator): Promise<boolean> {
  return text.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const letter = (node.textContent ?? "").search(/[A-Za-z]\.(\s|$)/);
      if (letter < 0) continue;
      const left = (offset: number) => {
        const range = document.createRange();
        range.setStart(node as Text, offset);
        range.setEnd(node as Text, offset + 1);
        return range.getBoundingClientRect().left;
      };
      return left(letter + 1) > left(letter);
    }
    throw new Error("no sentence with a period");
  });
}

test("English written in the admin keeps its direction: the checklist in an Arabic widget, a tooltip on a right-to-left page", async ({
  page,
  context,
}) => {
  await consent(context);
  watchChunks(page);
  await openDemo(page, "/demo");
  await expect(page.locator("gleap-checklist .gc").first()).toBeVisible({ timeout: 15_000 });
  // Its labels at the moment it turns right to left: Arabic from that first draw, not the English the
  // server sent with the config of the language before.
  const labelsWhenMirrored = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const host = document.querySelector("gleap-checklist");
        const root = (host?.shadowRoot ?? host)?.querySelector(".gc") as Element;
        new MutationObserver((_, observer) => {
          if (root.getAttribute("dir") !== "rtl") return;
          observer.disconnect();
          resolve(root.querySelector('[data-testid="checklist-progress"]')?.textContent ?? "");
        }).observe(root, { attributes: true, attributeFilter: ["dir"] });
      }),
  );
  await page.evaluate(() =>
    (window as unknown as { Gleap: { setLanguage(language: string): void } }).Gleap.setLanguage("ar"),
  );
  expect(await labelsWhenMirrored).toMatch(/من/);
  const checklist = page.locator("gleap-checklist .gc").first();
  await expect(checklist).toHaveAttribute("dir", "rtl", { timeout: 15_000 });
  await expect(checklist.locator(".gc-info .gc-rich")).toBeVisible();
  expect(await periodFollowsItsWord(checklist.locator(".gc-info .gc-rich"))).toBe(true);
  expect(await periodFollowsItsWord(checklist.locator(".gc-open .gc-task-content"))).toBe(true);

  await openDemo(page, "/demo/pricing");
  await page.evaluate(() => {
    document.documentElement.dir = "rtl";
  });
  await page.locator("#pricing-question").hover();
  const plain = page.getByRole("tooltip").filter({ hasText: "Plain tooltips show" });
  await expect(plain).toBeVisible();
  expect(await periodFollowsItsWord(plain.locator(".gt-content"))).toBe(true);
});

test("the checklist is marked done step by step: the server records each step, the other tab follows live", async ({
  context,
}) => {
  await consent(context);
  const home = await context.newPage();
  const chunks = watchChunks(home);
  await openDemo(home, "/demo");
  const pricing = await context.newPage();
  watchChunks(pricing);
  await openDemo(pricing, "/demo/pricing");
  // The checklist chunk waits for the element to be near the viewport and for idle time.
  await expect.poll(() => chunks.has("checklist")).toBe(true);

  const card = home.locator(`gleap-checklist[checklistid="${checklistId}"]`);
  const launcher = pricing.locator("gleap-checklist .gc-launcher");
  await expect(card.getByText("0 of 4 done", { exact: true })).toBeVisible();
  await expect(launcher).toContainText("0 of 4 done");

  const gleapId = await home.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("gleap-widget-session-demo") ?? "{}") as { gleapId: string }).gleapId,
  );
  const stored = async () =>
    (
      await selectRows<{ completed_steps: string; status: string }>(
        "SELECT completed_steps, status FROM widget_checklists WHERE outbound_id = $1 AND session_id = $2",
        checklistId,
        gleapId,
      )
    ).map((row) => ({ steps: JSON.parse(row.completed_steps) as string[], status: row.status }))[0];

  const steps = ["ask-assistant", "report-bug", "compare-plans", "whats-new"];
  for (const [index, step] of steps.entries()) {
    // The open step is the first one not done; its body has the mark-done button.
    const open = card.locator(`li[data-step="${step}"]`);
    await expect(open.locator(".gc-task-header")).toHaveAttribute("aria-expanded", "true");
    await open.getByRole("button", { name: "Mark as done" }).click();
    // The other tab hears of each step over the socket: the server pushes what it recorded.
    if (index < steps.length - 1) await expect(launcher).toContainText(`${index + 1} of 4 done`);
  }
  // The server's record: every step, and the final status update made it done.
  await expect.poll(stored).toEqual({ steps, status: "done" });
  // Done: the success view here, and the other tab's launcher turns into a done one (not a button).
  await expect(card.getByText("You have seen the widget!")).toBeVisible();
  await expect(pricing.locator("gleap-checklist div.gc-launcher")).toContainText("You have seen the widget!");
  await expect(pricing.locator("gleap-checklist button.gc-launcher")).toHaveCount(0);
});
