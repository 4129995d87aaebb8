import { expect, type Page } from "@playwright/test";
import { recordDemoWebReplaysInThisSpec } from "./support/demo-web-replays.ts";
import { openDemo } from "./support/host-page.ts";
import { gleap } from "./support/messenger-frame.ts";
import { replayedPage } from "./support/replay-frame.ts";
import { element, replayDocument, replayOpening, text } from "./support/rrweb-events.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

/**
 * The frames a report's captured page is shown in (src/admin/inbox/capture-frame.ts). A report filed on
 * `/demo`, with its snapshot and its web replay, opens, shows both styled and plays without a single
 * console error in the admin (the frames used to inherit the admin's policy: every inline style of the
 * page, the `<base>` the snapshot is cleaned with, and rrweb's own rules were refusals, ~46 per report).
 * And a captured page's handlers and script addresses are not in the DOM the admin builds from it,
 * snapshot or replay: the frames' `sandbox` is not what keeps them inert.
 */

const run = Date.now().toString(36);

// Playwright's trace recorder injects a script into every frame it sees, and a frame without
// `allow-scripts` refuses it with a console error of its own ("Blocked script execution in …"): with it
// on, the console would count the recorder, not the admin.
test.use({ trace: "off" });

recordDemoWebReplaysInThisSpec();

/** Every console error and uncaught error of the page and its frames, as text. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * Every attribute in a frame's DOM (shadow roots included) that would run script if the frame could.
 * Read from the admin page, through the frames it may reach (`frames`: the selector of each frame from
 * the outside in): evaluating inside a frame that runs no script is itself a refusal in the console.
 */
function liveAttributes(page: Page, frames: string[]) {
  return page.evaluate((selectors) => {
    let doc: Document | null = document;
    for (const selector of selectors)
      doc = doc?.querySelector<HTMLIFrameElement>(selector)?.contentDocument ?? null;
    if (!doc) throw new Error(`no frame at ${selectors.join(" > ")}`);
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const element of Array.from(root.querySelectorAll("*"))) {
        for (const { name, value } of Array.from(element.attributes)) {
          // As a browser reads a scheme: whitespace and control characters dropped.
          const scheme = Array.from(value)
            .filter((character) => character.charCodeAt(0) > 0x20)
            .join("")
            .toLowerCase();
          if (
            /^on/i.test(name) ||
            name === "srcdoc" ||
            name === "formaction" ||
            scheme.startsWith("javascript:")
          )
            found.push(`${element.localName}[${name}]`);
        }
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(doc);
    return found;
  }, frames);
}

test("a report filed on /demo shows its snapshot and replay, styled, with no console error", async ({
  page,
  context,
}) => {
  const visitor = await context.newPage();
  await openDemo(visitor);
  await gleap(visitor, "startFeedbackFlow", "bugreporting", true);
  const app = visitor.frameLocator("iframe.frame-window");
  await app.getByRole("button", { name: /Take a screenshot/ }).click();
  await expect(visitor.getByTestId("capture-editor")).toBeVisible();
  await visitor.getByTestId("capture-next").click();
  await expect(app.getByTestId("capture-attached")).toContainText("Screenshot attached");
  const description = `Quiet console (${run})`;
  await app.getByLabel(/What went wrong/).fill(description);
  const sent = visitor.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await app.getByRole("button", { name: /^Send/ }).click();
  const { id } = (await (await sent).json()) as { id: string };
  await visitor.close();

  await signInAsAdmin(page);
  const errors = consoleErrors(page);
  await page.goto(`/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();

  // The snapshot: written into its capture frame and loaded, with the page's own styles applied.
  await expect(page.locator(".snapshot-stage")).toHaveAttribute("aria-busy", "false");
  const snapshot = page.frameLocator("[data-testid=snapshot-frame]");
  await expect(snapshot.locator("body")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(snapshot.locator("[style]").first()).toBeAttached();

  // The replay: built, styled, and played for a while.
  await page.getByRole("button", { name: "Replay", exact: true }).click();
  const player = page.getByTestId("replay-player");
  await expect(player).toHaveAttribute("data-state", "ready");
  await expect(replayedPage(player).locator("body")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  // Played through to its end, at 8×: every page and change the replay holds has been built.
  await page.getByRole("group", { name: "Replay speed" }).getByRole("button", { name: "8×" }).click();
  await player.getByRole("button", { name: "Play" }).click();
  await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
  await expect
    .poll(async () => {
      const [current, total] = ((await page.getByTestId("replay-clock").textContent()) ?? "").split(" / ");
      return current === total;
    })
    .toBe(true);

  expect(errors).toEqual([]);
});

/** Handlers, script addresses, a frame document and a form action, in every place markup can carry them. */
const hostileAttributes = {
  button: { onclick: "parent.hacked = 'click'", formaction: "javascript:parent.hacked = 'form'" },
  img: { src: "data:,not-a-picture", onerror: "parent.hacked = 'error'" },
  link: { href: "javascript:parent.hacked = 'link'", onmouseover: "parent.hacked = 'over'" },
  frame: { srcdoc: "<script>parent.hacked = 'srcdoc'</script>" },
};

function hostileReplay(start: number) {
  const page = replayDocument(
    element(3, "html", {}, [
      element(4, "head"),
      element(5, "body", { onload: "parent.hacked = 'load'", style: "background:rgb(250, 240, 200)" }, [
        element(6, "form", { action: "javascript:parent.hacked = 'action'" }, [
          element(7, "button", hostileAttributes.button, [text(8, "Pay")]),
        ]),
        element(9, "img", hostileAttributes.img),
        element(10, "a", hostileAttributes.link, [text(11, "Help")]),
        element(12, "iframe", hostileAttributes.frame),
      ]),
    ]),
  );
  return [
    ...replayOpening(start, { href: "https://acme.test/checkout", width: 800, height: 600 }, page),
    {
      // Added later, and an attribute set later.
      type: 3,
      timestamp: start + 300,
      data: {
        source: 0,
        adds: [
          {
            parentId: 5,
            nextId: null,
            node: element(13, "a", { href: " java\tscript:parent.hacked = 'late'", onfocus: "x" }),
          },
          // rrweb adds a new node's children as adds of their own.
          { parentId: 13, nextId: null, node: text(14, "Later") },
        ],
        removes: [],
        texts: [],
        attributes: [{ id: 10, attributes: { onclick: "parent.hacked = 'set'", title: "Help" } }],
      },
    },
    {
      type: 3,
      timestamp: start + 600,
      data: { source: 1, positions: [{ x: 5, y: 5, id: 5, timeOffset: 0 }] },
    },
  ];
}

test("a captured page's handlers and script addresses are not in the DOM the admin builds from it", async ({
  page,
  request,
}) => {
  const description = `Hostile capture (${run})`;
  const hostileBody = `<body onload="parent.hacked = 'load'" style="background:rgb(250, 240, 200)">
    <form action="javascript:parent.hacked = 'action'"><button onclick="parent.hacked = 'click'"
      formaction="javascript:parent.hacked = 'form'">Pay</button></form>
    <img src="data:,not-a-picture" onerror="parent.hacked = 'error'">
    <a href="javascript:parent.hacked = 'link'" onmouseover="parent.hacked = 'over'">Help</a>
    <iframe srcdoc="<script>parent.hacked = 'srcdoc'</script>"></iframe>
    <svg><a xlink:href="javascript:parent.hacked = 'svg'"><text>svg</text></a></svg>
    </body>`;
  const start = Date.now() - 5_000;
  const { id } = await fileBugReport(request, await demoSessionHeaders(request), {
    type: "BUG",
    formData: { description },
    metaData: { currentUrl: "https://acme.test/checkout" },
    screenshotData: {
      html: `<!DOCTYPE html><html><head><title>Checkout</title></head>${hostileBody}</html>`,
      baseUrl: "https://acme.test/",
      width: 800,
      height: 600,
      x: 0,
      y: 0,
    },
    webReplay: { events: hostileReplay(start), width: 800, height: 600 },
  });

  await signInAsAdmin(page);
  const errors = consoleErrors(page);
  await page.goto(`/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  await expect(page.locator(".snapshot-stage")).toHaveAttribute("aria-busy", "false");
  await expect(page.frameLocator("[data-testid=snapshot-frame]").getByText("Help")).toBeVisible();
  expect(await liveAttributes(page, ["[data-testid=snapshot-frame]"])).toEqual([]);

  await page.getByRole("button", { name: "Replay", exact: true }).click();
  const player = page.getByTestId("replay-player");
  await expect(player).toHaveAttribute("data-state", "ready");
  await player.getByRole("button", { name: "Play" }).click();
  // Played to its end: the node and the attribute added later are in.
  await expect(replayedPage(player).getByText("Later")).toBeAttached();
  await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
  await expect(replayedPage(player).locator("a")).toHaveCount(2);
  expect(await liveAttributes(page, [".replay-root", ".replayer-wrapper iframe"])).toEqual([]);
  expect(await replayedPage(player).locator("a").first().getAttribute("title")).toBe("Help");
  expect(await page.evaluate(() => (window as unknown as { hacked?: string }).hacked)).toBeUndefined();
  // Nothing in the frames that show the page even tried to run (a refused handler is a console error
  // naming its document: the inbox's address once the page is written or rebuilt there). The cleaning
  // parses the snapshot's own handlers in the hidden capture frame, which refuses each as it is parsed.
  expect(errors.filter((text) => !text.includes("/capture-frame'"))).toEqual([]);
});
