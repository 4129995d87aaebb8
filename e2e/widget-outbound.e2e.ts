import { type BrowserContext, expect, type Page } from "@playwright/test";
import { selectRows } from "./support/database.ts";
import { snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { gleap } from "./support/messenger-frame.ts";
import { bannerFrame, clickClosingItsFrame, modalFrame } from "./support/outbound-surfaces.ts";
import { sdkSnippet, waitForSdkInitialized } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects, type LiveOutbound } from "./support/widget-projects.ts";
import { storedGleapId } from "./support/widget-session.ts";

/**
 * Notifications, banners and modals on real pages (spec §2): widget projects of their own, created in
 * the e2e database with live outbound content (deleted afterwards, so the demo project stays as it is),
 * host pages served with page.route, the banner and modal frames from the real messenger origin.
 */

/** What the host pages of this file put on `window`. */
type HostWindow = Window & {
  customActions?: unknown[];
  Gleap: Record<string, ((...args: unknown[]) => unknown) | undefined>;
};

const projects = createWidgetProjects("outbound");

// With motion, as most visitors see it: the surfaces' entrance animations are part of what is tested
// (the configuration runs the other specs with reduced motion).
test.use({ reducedMotion: "no-preference" });

/** A widget project with these live outbounds (no page filter); answers its SDK key. */
const createProject = (name: string, outbounds: LiveOutbound[] = []) => projects.create(name, {}, outbounds);

test.afterAll(async () => {
  // Sessions, deliveries and outbounds go with their project (ON DELETE CASCADE).
  await projects.removeAll();
});

const hostileCss = `
  * { all: unset !important; }
  html, body, div, main, p, h1, header { position: relative !important; z-index: 2147483647 !important; }
  body { font: italic 40px/3 "Comic Sans MS", cursive !important; color: lime !important;
    letter-spacing: 6px !important; text-transform: uppercase !important; direction: rtl !important;
    visibility: visible !important; }
  button, span, img, section, article, svg { color: red !important; background: black !important;
    width: 300px !important; margin: 40px !important; display: block !important; }
  iframe { display: none !important; }`;

const hostPages = hostPageSeries("outbound-host");
const pageErrors = new WeakMap<Page, string[]>();

test.afterEach(({ page }) => {
  // Nothing the surfaces do may throw into the host page.
  expect(pageErrors.get(page) ?? []).toEqual([]);
});

/** Opens a host page with the snippet for this SDK key and waits until the SDK is initialized. */
async function openHost(page: Page, context: BrowserContext, key: string, options: { css?: string } = {}) {
  if (!pageErrors.has(page)) {
    const errors: string[] = [];
    pageErrors.set(page, errors);
    page.on("pageerror", (error) => errors.push(error.message));
  }
  await hostPages.open(
    page,
    context,
    snippetHostPage({
      lang: "en",
      title: "Outbound host",
      head: `<meta name="viewport" content="width=device-width, initial-scale=1">
        <style>body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; background: #f6f6f4; }
          header { height: 56px; background: #223; color: #fff; }
          main { max-width: 40rem; margin: 0 auto; padding: 3rem 1.5rem; } h1 { margin-top: 40px; }</style>
        ${options.css ? `<style>${options.css}</style>` : ""}`,
      script: `window.customActions = [];
          ${sdkSnippet(key, {
            methods: ["initialize", "on", "registerCustomAction"],
            before: "Gleap.registerCustomAction(function (action) { window.customActions.push(action); });",
          })}`,
      body: `<header id="site-header">Acme</header><main><h1 id="first">Acme Notes</h1>
        <p>A host page for notifications, banners and modals.</p></main>`,
    }),
  );
}

/** A fresh project with these live outbounds, its host page open (see openHost). */
async function openProjectHost(
  page: Page,
  context: BrowserContext,
  name: string,
  outbounds: LiveOutbound[] = [],
) {
  await openHost(page, context, await createProject(name, outbounds));
}

/** A fresh project's host page, whose own code then calls `command` with `data`, as a host would. */
async function showOnFreshHost(
  page: Page,
  context: BrowserContext,
  name: string,
  command: "showBanner" | "showModal",
  data: Record<string, unknown>,
) {
  await openProjectHost(page, context, name);
  await gleap(page, command, data);
}

/** How far a banner has pushed the page down: the root's padding and the margin it tells the page. */
const pageOffset = (page: Page) =>
  page.evaluate(() => ({
    padding: getComputedStyle(document.documentElement).paddingTop,
    margin: document.documentElement.style.getPropertyValue("--gleap-margin-top"),
  }));

const stackItems = (page: Page) => page.locator(".gn-stack .gn-item");

/** What `impostor` notes on the host page. */
type ImpostorWatch = { impostorDone?: boolean; navigations?: string[] };

/** An iframe of another window posting messages to the host page. */
async function impostor(page: Page, url: string, messages: unknown[]) {
  await page.route(url, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><script>
        ${JSON.stringify(messages)}.forEach(function (m) { parent.postMessage(JSON.stringify(m), "*"); });
        parent.postMessage("impostor-done", "*");
        document.title = "sent";
      </script>`,
    }),
  );
  // The host's own listener, added after the surfaces' (they listen from their mount): it hears the
  // impostor's last message once the surfaces have had all of them. Should the page start to leave,
  // the navigation is noted at once (the address itself changes only when the next page answers).
  await page.evaluate(() => {
    const host = window as unknown as ImpostorWatch;
    host.impostorDone = false;
    host.navigations ??= [];
    window.addEventListener("message", (event) => {
      if (event.data === "impostor-done") host.impostorDone = true;
    });
    const navigation = (window as unknown as { navigation: EventTarget }).navigation;
    navigation.addEventListener("navigate", (event) =>
      host.navigations?.push((event as unknown as { destination: { url: string } }).destination.url),
    );
  });
  await page.evaluate((src) => {
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.className = "impostor";
    document.body.append(frame);
  }, url);
  await expect(page.locator("iframe.impostor")).toHaveCount(1);
  await expect
    .poll(() => page.frames().some((frame) => frame.url() === url && frame.url() !== "about:blank"))
    .toBe(true);
  // The host has had every message (and did not react).
  await page.waitForFunction(() => (window as unknown as ImpostorWatch).impostorDone === true);
  expect(await page.evaluate(() => (window as unknown as ImpostorWatch).navigations)).toEqual([]);
  await page.evaluate(() => document.querySelector("iframe.impostor")?.remove());
}

test.describe("notifications", () => {
  test("a server-pushed notification appears once, survives a page view from the cache, and opens its target", async ({
    page,
    context,
  }) => {
    const outboundId = crypto.randomUUID();
    const key = await createProject("push", [
      {
        id: outboundId,
        type: "notification",
        config: { text: "Hi {{name}}, your export is ready", sender: { name: "Lena from Acme" } },
      },
    ]);
    const warnings: string[] = [];
    page.on("console", (message) => warnings.push(message.text()));
    const sdkScripts: Array<{ url: string; bytes: number }> = [];
    page.on("response", async (response) => {
      if (!/\/sdk\/[^/]+\.js$/.test(new URL(response.url()).pathname)) return;
      sdkScripts.push({
        url: response.url(),
        bytes: (await response.body().catch(() => Buffer.alloc(0))).length,
      });
    });
    await openHost(page, context, key);

    // The first ping delivers it over the socket.
    await expect(stackItems(page)).toHaveCount(1, { timeout: 15_000 });
    // The stack is plain DOM: no script of React DOM's size (over 200 KB raw) came for it.
    await expect
      .poll(() => sdkScripts.some((script) => script.url.includes("/notifications-chunk-")))
      .toBe(true);
    expect(sdkScripts.filter((script) => script.bytes > 60_000)).toEqual([]);
    const item = stackItems(page).first();
    await expect(item).toContainText("Lena from Acme");
    await expect(item).toContainText("Hi, your export is ready");
    await expect(page.getByRole("button", { name: "Close notifications" })).toBeAttached();
    const session = await storedGleapId(page);
    expect(
      await selectRows("SELECT outbound_id FROM widget_outbound_deliveries WHERE session_id = $1", session),
    ).toEqual([{ outbound_id: outboundId }]);

    // The same outbound again (as the host or a second socket message would bring it): still one.
    const cached = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("unread-notifications") ?? "[]"),
    );
    expect(cached).toHaveLength(1);
    await gleap(page, "showNotification", cached[0]);
    // The loader hands a host call to a loaded surface in the microtasks right after it (the ready
    // gate and the chunk are settled promises): the stack has taken or refused it before the page
    // runs its next task, which is this check (as after the reload below).
    await expect(stackItems(page)).toHaveCount(1);

    // The next page view: the server does not send it again; the cache brings the stack back by
    // itself, and the same id is not added twice.
    await page.reload();
    await waitForSdkInitialized(page);
    await expect(stackItems(page)).toHaveCount(1);
    await expect(stackItems(page).first()).toContainText("export is ready");
    await gleap(page, "showNotification", { ...cached[0], createdAt: new Date().toISOString() });
    await expect(stackItems(page)).toHaveCount(1);
    await gleap(page, "showNotification", {
      outbound: "host-news",
      data: { text: "Release 3.0", news: { id: "n-1" }, previewText: "What is new" },
    });
    await expect(stackItems(page)).toHaveCount(2);

    // A click opens what it is about (the widget here) and the stack clears.
    await stackItems(page).filter({ hasText: "export is ready" }).click();
    await expect(stackItems(page)).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => (window as unknown as HostWindow).Gleap.isOpened?.())) === true ||
          warnings.some((text) => text.includes("open needs the messenger")),
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("unread-notifications"))).toBeNull();
  });

  test("a host stylesheet that unsets everything and stacks itself on top changes nothing in the stack", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const key = await createProject("hostile");
    const show = async () => {
      await gleap(page, "showNotification", {
        outbound: "chat-1",
        data: {
          text: "Your export is ready",
          sender: {
            name: "Lena",
            profileImageUrl: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
          },
        },
      });
      await gleap(page, "showNotification", {
        outbound: "news-1",
        data: { text: "Release 3.0", news: { id: "n-1" }, previewText: "Faster sync" },
      });
      await expect(stackItems(page)).toHaveCount(2);
      // Let the entrance animations finish.
      await expect
        .poll(() =>
          page.evaluate(() =>
            (document.getElementById("gleap-widget-root")?.shadowRoot?.getAnimations() ?? []).some(
              (animation) => animation.playState === "running",
            ),
          ),
        )
        .toBe(false);
    };
    const measure = () =>
      page.evaluate(() => {
        const root = document.getElementById("gleap-widget-root")?.shadowRoot;
        const elements = [...(root?.querySelectorAll<HTMLElement>(".gn-stack, .gn-stack *") ?? [])];
        return elements.map((element) => {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          // What is on top at the element's centre: our host (the stack is above the page) and in it the element.
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          const top = box.width > 0 ? document.elementFromPoint(x, y) : null;
          return {
            tag: element.tagName,
            className: element.getAttribute("class"),
            box: [box.x, box.y, box.width, box.height].map(Math.round),
            style: [
              style.display,
              style.position,
              style.fontFamily,
              style.fontSize,
              style.fontStyle,
              style.color,
              style.backgroundColor,
              style.letterSpacing,
              style.textTransform,
              style.direction,
              style.visibility,
            ],
            onTop: top === null ? null : top.id === "gleap-widget-root",
          };
        });
      });
    await openHost(page, context, key);
    await show();
    const plain = await measure();
    expect(plain.length).toBeGreaterThan(8);
    expect(plain.filter((element) => element.className?.includes("gn-item")).every((e) => e.onTop)).toBe(
      true,
    );

    await openHost(page, context, key, { css: hostileCss });
    // The host's sheet is in force on the page…
    expect(await page.evaluate(() => getComputedStyle(document.body).fontStyle)).toBe("italic");
    await show();
    // …and the stack looks and sits exactly as without it, on top of the page.
    const hostile = await measure();
    expect(hostile).toEqual(plain);
  });
});

test.describe("banner", () => {
  test("a banner from the socket pushes the page down, and its close control takes it away", async ({
    page,
    context,
  }) => {
    await openProjectHost(page, context, "banner-socket", [
      {
        type: "banner",
        config: {
          title: "Spring sale.",
          body: "<p>20% off every plan.</p>",
          buttons: [{ text: "Upgrade", action: "start-custom-action", customAction: "upgrade" }],
        },
      },
    ]);
    const banner = page.locator("#gleap-banner");
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(bannerFrame(page).getByText("Spring sale.")).toBeVisible();
    const pushed = await page.evaluate(() => ({
      height: document.getElementById("gleap-banner")?.getBoundingClientRect().height ?? 0,
      padding: getComputedStyle(document.documentElement).paddingTop,
      header: document.getElementById("site-header")?.getBoundingClientRect().top ?? 0,
      shown: document.body.classList.contains("gleap-b-shown"),
    }));
    expect(pushed.height).toBeGreaterThan(40);
    expect(pushed.padding).toBe(`${pushed.height}px`);
    // The page's first element starts right below the banner.
    expect(Math.round(pushed.header)).toBe(Math.round(pushed.height));
    expect(pushed.shown).toBe(true);
    expect(await banner.getAttribute("data-format")).toBe("normal");
    // Nothing on this page reads the variable: it is not set, so the page is not restyled for it.
    expect((await pageOffset(page)).margin).toBe("");

    // A button's action reaches the host's custom action.
    await bannerFrame(page).getByRole("button", { name: "Upgrade" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as HostWindow).customActions))
      .toEqual([{ name: "upgrade" }]);

    await clickClosingItsFrame(bannerFrame(page).getByRole("button", { name: "Close" }));
    await expect(banner).toHaveCount(0);
    expect(
      await page.evaluate(() => ({
        padding: getComputedStyle(document.documentElement).paddingTop,
        classes: document.body.className,
        header: document.getElementById("site-header")?.getBoundingClientRect().top,
      })),
    ).toEqual({ padding: "0px", classes: "", header: 0 });
  });

  test("a page whose bar follows var(--gleap-margin-top) from a shadow root's style gets the banner's height", async ({
    page,
    context,
  }) => {
    await openProjectHost(page, context, "banner-variable");
    await page.evaluate(() => {
      const bar = document.createElement("div");
      bar.id = "promo-bar";
      bar.attachShadow({ mode: "open" }).innerHTML =
        "<style>:host { position: fixed; left: 0; right: 0; top: var(--gleap-margin-top, 0px); }</style>Promo";
      document.body.append(bar);
    });
    await gleap(page, "showBanner", { title: "Spring sale.", body: "<p>20% off.</p>" });
    await expect(bannerFrame(page).getByText("Spring sale.")).toBeVisible();
    await expect.poll(async () => (await pageOffset(page)).margin).toMatch(/^\d+px$/);
    const { padding, margin } = await pageOffset(page);
    expect(margin).toBe(padding);
    const barTop = await page.evaluate(
      () => document.getElementById("promo-bar")?.getBoundingClientRect().top,
    );
    expect(`${barTop}px`).toBe(margin);
    await gleap(page, "closeBanner");
    await expect.poll(async () => (await pageOffset(page)).margin).toBe("");
  });

  test("Gleap.showBanner shows a floating banner over the page; closeBanner removes it", async ({
    page,
    context,
  }) => {
    await showOnFreshHost(page, context, "banner-api", "showBanner", {
      format: "floating",
      title: "Maintenance tonight",
      body: "<p>From 22:00 UTC.</p>",
    });
    const banner = page.locator("#gleap-banner");
    await expect(banner).toBeVisible();
    await expect(bannerFrame(page).getByText("Maintenance tonight")).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.className)).toBe("gleap-b-shown gleap-b-f");
    const floating = await page.evaluate(() => ({
      padding: getComputedStyle(document.documentElement).paddingTop,
      box: document.getElementById("gleap-banner")?.getBoundingClientRect().toJSON(),
      header: document.getElementById("site-header")?.getBoundingClientRect().top,
    }));
    expect(floating.padding).toBe("0px");
    expect(floating.header).toBe(0);
    expect(floating.box.top).toBe(10);
    await gleap(page, "closeBanner");
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => document.body.className)).toBe("");
  });

  test("messages from a foreign origin or from another window of the frame's origin change nothing", async ({
    page,
    context,
  }) => {
    await showOnFreshHost(page, context, "banner-foreign", "showBanner", { title: "Genuine banner" });
    await expect(bannerFrame(page).getByText("Genuine banner")).toBeVisible();
    const before = await pageOffset(page);
    const bannerSrc = (await page.locator("#gleap-banner iframe").getAttribute("src")) ?? "";
    const frameOrigin = new URL(bannerSrc).origin;
    const hostile = [
      { name: "banner-height", type: "BANNER", data: { height: 900 } },
      { name: "banner-close", type: "BANNER" },
      { name: "open-url", type: "BANNER", data: "https://evil.test/phish" },
      { name: "start-custom-action", type: "BANNER", data: { action: "pwned" } },
    ];

    // The host page itself (its own origin).
    await page.evaluate((messages) => {
      for (const message of messages) window.postMessage(JSON.stringify(message), "*");
    }, hostile);
    // A foreign origin.
    await impostor(page, "http://evil.test/frame", hostile);
    // The banner frame's own origin, but another window.
    await impostor(page, `${frameOrigin}/e2e-impostor`, hostile);

    await expect(page.locator("#gleap-banner")).toBeVisible();
    await expect(bannerFrame(page).getByText("Genuine banner")).toBeVisible();
    expect(await pageOffset(page)).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as HostWindow).customActions)).toEqual([]);
    expect(page.url()).toContain("/outbound-host-");
  });
});

test.describe("modal", () => {
  test("a modal from the socket is a dialog over a backdrop; a backdrop click closes it", async ({
    page,
    context,
  }) => {
    await openProjectHost(page, context, "modal-socket", [
      {
        type: "modal",
        config: {
          title: "Invite your team",
          body: "<p>Shared spaces keep every decision in one place.</p>",
          showCloseButton: true,
          buttons: [{ text: "Maybe later", action: "close", style: "secondary" }],
        },
      },
    ]);
    const dialog = page.getByRole("dialog", { name: "Message" });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(modalFrame(page).getByRole("heading", { name: "Invite your team" })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(600);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    // Focus moved into the dialog.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.getElementById("gleap-widget-root")?.shadowRoot?.activeElement?.className,
        ),
      )
      .toBe("gm-frame");

    await page.mouse.click(8, 8);
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("visible");
  });

  test("without showCloseButton neither the backdrop nor Escape closes it, only its own buttons", async ({
    page,
    context,
  }) => {
    await showOnFreshHost(page, context, "modal-locked", "showModal", {
      title: "Accept the new terms",
      body: "<p>Please read them first.</p>",
      showCloseButton: false,
      buttons: [{ text: "Got it", action: "close" }],
    });
    const dialog = page.getByRole("dialog");
    await expect(modalFrame(page).getByRole("heading", { name: "Accept the new terms" })).toBeVisible();
    await expect(modalFrame(page).getByRole("button", { name: "Close" })).toHaveCount(0);
    // The page's own listeners, added after the modal's (it listens from its mount): they hear the
    // backdrop's click and the Escape once the modal has had them.
    await page.evaluate(() => {
      const heard: string[] = [];
      (window as unknown as { heard: string[] }).heard = heard;
      window.addEventListener("click", () => heard.push("click"));
      window.addEventListener("keydown", (event) => heard.push(event.key));
    });
    await page.mouse.click(8, 8);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: string[] }).heard))
      .toEqual(["click", "Escape"]);
    await expect(dialog).toBeVisible();
    // Another window of the frame's origin cannot close it either.
    const src = (await page.locator(".gm-frame").getAttribute("src")) ?? "";
    await impostor(page, `${new URL(src).origin}/e2e-impostor-modal`, [
      { name: "modal-close", type: "MODAL" },
    ]);
    await expect(dialog).toBeVisible();

    await clickClosingItsFrame(modalFrame(page).getByRole("button", { name: "Got it" }));
    await expect(dialog).toHaveCount(0);
  });

  test("the frame sanitizes the body: no script, no handler, no javascript: link", async ({
    page,
    context,
  }) => {
    await showOnFreshHost(page, context, "modal-sanitize", "showModal", {
      title: "Sanitized",
      body: `<p id="safe">Safe <b>text</b> <a href="javascript:parent.postMessage('x','*')">bad link</a> <a href="https://example.com/ok">good link</a></p><img src="x" onerror="document.title='pwned'"><script>document.title='pwned'</script><iframe src="https://evil.test"></iframe>`,
    });
    await expect(modalFrame(page).getByText("Safe")).toBeVisible();
    const body = modalFrame(page).locator(".modal-body");
    const html = await body.evaluate((element) => element.innerHTML);
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://example.com/ok"');
    expect(
      await modalFrame(page)
        .locator("html")
        .evaluate(() => document.title),
    ).not.toBe("pwned");
  });
});

test("the demo page shows the demo project's notifications and banner, and its modal on Features", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: baseURL ?? "" }]);
  await page.goto("/demo");
  await expect(page.locator("#gleap-banner")).toBeVisible({ timeout: 15_000 });
  await expect(bannerFrame(page).getByText("Acme Notes 3.0 is here.")).toBeVisible();
  await expect(stackItems(page)).toHaveCount(2);
  await expect(page.locator(".gn-news")).toContainText("Shared spaces now work offline");
  await expect(page.locator(".gn-chat")).toContainText("Hi, welcome to Acme Notes!");
  await page.getByRole("link", { name: "Features" }).click();
  await expect(
    modalFrame(page).getByRole("heading", { name: "Invite your team to a shared space" }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await clickClosingItsFrame(modalFrame(page).getByRole("button", { name: "Maybe later" }));
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
