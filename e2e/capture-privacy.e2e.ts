import { type BrowserContext, expect, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { storedReportParts } from "./support/database.ts";
import { serveHostPage } from "./support/host-page.ts";
import { messageRecorder, reportScreenshotAsIs, sendBugReport } from "./support/messenger-frame.ts";
import { sdkSnippet, waitForSdkInitialized } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * Capture privacy in Chromium (spec §9: block `gl-block`, ignore `gl-ignore`, mask `gl-mask`, passwords
 * always): a page holds the privacy test set (passwords, `gl-mask` and `gl-ignore` inputs and text
 * areas, an editable region inside `gl-mask`, a card field, fields inside an open shadow root and a
 * same-origin frame, a `gl-block` box), filled by typing and by script; the page logs and posts the
 * values (fetch with JSON, XHR form-encoded, a GET with the value in its query, a log on every key,
 * custom data). A report with a screenshot and the web replay goes through the real widget flow, and
 * everything the server stored of it (the database row, every stored file, the admin API's view) is
 * searched for every secret, its first 4 characters (so every typed prefix of 4 or more) and every
 * 6-character stretch of it, as typed, JSON-escaped, URL- and form-encoded and HTML-escaped: 0 leaks.
 */

const projects = createWidgetProjects("privacy");
let replaysKey = "";

test.beforeAll(async () => {
  replaysKey = await projects.create("replays", { enableWebReplays: true, enableNetworkLogs: true });
});

test.afterAll(async () => {
  await projects.removeAll();
});

/**
 * The privacy test set. Every secret starts with its own code and a "!" (no base64 picture can hold
 * one), and is made of stretches nothing else on the page or in a report has.
 */
const secrets = {
  typedPassword: 'Pw!4 "kV9q\\Xw2z" hunter',
  typedMasked: "Mk!4 4929 7352 6608 2514",
  scriptedMaskedArea: "Ma!4 Grüß-9vKq notiz",
  typedIgnored: "Ig!4 qZ7w-Lp3k",
  typedIgnoredArea: "Ia!4 wR5t+Yh8u",
  typedEditable: "Ed!4 bN6m Jx4c",
  typedCard: "Cc!4 5500 0042 7713 9004",
  typedShadowMasked: "Sm!4 tG2v-Qa8p",
  scriptedShadowPassword: "Sp!4 yU3i-Ok9l",
  typedFrameMasked: "Fm!4 pL0k-Mj7n",
  scriptedFramePassword: "Fp!4 hB5g-Vc1x",
  scriptedBlockedValue: "Bk!4 dS4f-Gh6j",
  blockedText: "Bt!4 zX2c-Vb8n",
  maskedText: "Mp!4 qW3e-Rt5y",
  shadowText: "St!4 oI9u-Ky2t",
} as const;
/** Typed into a plain field: it must reach the replay, or the test would prove nothing. */
const plainValue = "Plain-visible-8c2e";

const frameHtml = `<!doctype html><html><head><meta charset="utf-8"></head><body>
  <label>Frame masked <input id="frame-masked" class="gl-mask"></label>
  <label>Frame password <input id="frame-password" type="password"></label></body></html>`;

function hostHtml(key: string, framePath: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
    <style>body { font: 16px sans-serif; margin: 24px; } label { display: block; margin: 6px 0; }
      .box { width: 320px; height: 60px; border: 1px solid #999; }</style>
    <script>${sdkSnippet(key, { methods: ["initialize", "on", "setCustomData"] })}</script></head><body>
    <h1>Checkout</h1>
    <label>Name <input id="plain"></label>
    <label>Password <input id="password" type="password"></label>
    <label>Masked <input id="masked" class="gl-mask"></label>
    <label>Masked note <textarea id="masked-area" class="gl-mask"></textarea></label>
    <label>Ignored <input id="ignored" class="gl-ignore"></label>
    <label>Ignored note <textarea id="ignored-area" class="gl-ignore"></textarea></label>
    <div class="gl-mask"><div id="editor" contenteditable="true" class="box"></div></div>
    <label>Card <input id="card" autocomplete="cc-number"></label>
    <p class="gl-mask" id="masked-text">${secrets.maskedText}</p>
    <div class="gl-block box" id="blocked" title="${secrets.blockedText}">${secrets.blockedText}
      <input id="blocked-input"></div>
    <x-login id="shadow-host"></x-login>
    <div class="gl-mask"><x-name id="shadow-name"></x-name></div>
    <iframe id="frame" src="${framePath}" width="420" height="120"></iframe>
    <script>
      var root = document.getElementById("shadow-host").attachShadow({ mode: "open" });
      root.innerHTML = '<label>Shadow masked <input id="shadow-masked" class="gl-mask"></label>' +
        '<label>Shadow password <input id="shadow-password" type="password"></label>';
      // Text straight in a shadow root, without an element of its own, inside gl-mask.
      document.getElementById("shadow-name").attachShadow({ mode: "open" }).append(${JSON.stringify(secrets.shadowText)});
      // Logged on every key, as a search-as-you-type or a debug log would.
      document.getElementById("masked").addEventListener("input", function (event) {
        console.log("typing", event.target.value);
      });
      window.postSecrets = async function () {
        var value = function (id, from) { return (from || document).getElementById(id).value; };
        var frameDocument = document.getElementById("frame").contentDocument;
        var editor = document.getElementById("editor").textContent;
        console.log("checkout", value("masked"), value("card"), editor);
        console.warn(JSON.stringify({ password: value("password"), shadow: value("shadow-password", root) }));
        Gleap.setCustomData("lastCard", value("card"));
        await fetch("/privacy-api/pay", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            password: value("password"), card: value("card"), note: value("masked-area"),
            shadowMasked: value("shadow-masked", root), shadowPassword: value("shadow-password", root),
            frameMasked: value("frame-masked", frameDocument), framePassword: value("frame-password", frameDocument),
            blocked: value("blocked-input"), editor: editor,
          }),
        });
        await new Promise(function (resolve) {
          var xhr = new XMLHttpRequest();
          xhr.open("POST", "/privacy-api/profile");
          xhr.setRequestHeader("content-type", "application/x-www-form-urlencoded");
          xhr.onloadend = resolve;
          xhr.send(new URLSearchParams({
            ignored: value("ignored"), ignoredArea: value("ignored-area"), masked: value("masked"),
          }).toString());
        });
        await fetch("/privacy-api/search?q=" + encodeURIComponent(value("masked")) + "&p=" +
          encodeURIComponent(value("password")));
        // The login form resets after posting: the password is only known from what was typed.
        document.getElementById("password").value = "";
      };
    </script></body></html>`;
}

async function openHost(page: Page, context: BrowserContext) {
  await context.addInitScript(messageRecorder);
  await page.route("**/privacy-frame", (route) =>
    route.fulfill({ contentType: "text/html", body: frameHtml }),
  );
  // The page's own API answers with what it was sent, so a response body carries the secrets too.
  await page.route("**/privacy-api/**", async (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ echo: route.request().postData() ?? route.request().url() }),
    }),
  );
  await serveHostPage(page, context, "/privacy-host", hostHtml(replaysKey, "/privacy-frame"));
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto("/privacy-host");
  await waitForSdkInitialized(page);
  // The recorder and the network log are running before the visitor types.
  await expect.poll(() => requests.some((url) => url.includes("replay-chunk"))).toBe(true);
  await expect.poll(() => requests.some((url) => url.includes("network-log-chunk"))).toBe(true);
  await page.waitForLoadState("networkidle");
}

async function fillTestSet(page: Page) {
  const type = (selector: string, text: string) => page.locator(selector).pressSequentially(text);
  await type("#plain", plainValue);
  await type("#password", secrets.typedPassword);
  await type("#masked", secrets.typedMasked);
  await type("#ignored", secrets.typedIgnored);
  await type("#ignored-area", secrets.typedIgnoredArea);
  await type("#card", secrets.typedCard);
  await page.locator("#editor").click();
  await page.keyboard.type(secrets.typedEditable);
  // Playwright's CSS locators pierce open shadow roots.
  await type("#shadow-masked", secrets.typedShadowMasked);
  await page.frameLocator("#frame").locator("#frame-masked").pressSequentially(secrets.typedFrameMasked);
  await page.evaluate((values) => {
    const byId = (id: string, from: Document | ShadowRoot = document) =>
      from.getElementById(id) as HTMLInputElement;
    const root = (byId("shadow-host") as HTMLElement).shadowRoot as ShadowRoot;
    const frame = (byId("frame") as unknown as HTMLIFrameElement).contentDocument as Document;
    byId("masked-area").value = values.scriptedMaskedArea;
    byId("shadow-password", root).value = values.scriptedShadowPassword;
    byId("frame-password", frame).value = values.scriptedFramePassword;
    byId("blocked-input").value = values.scriptedBlockedValue;
  }, secrets);
  await page.evaluate(() => (window as unknown as { postSecrets(): Promise<void> }).postSecrets());
  // Clicks are logged too: on masked text, on the editor, on the blocked box.
  await page.locator("#masked-text").click();
  await page.locator("#editor").click();
  await page.locator("#blocked").click({ position: { x: 5, y: 5 } });
}

/** Takes a screenshot with the capture editor and sends the report; answers the stored report's id. */
async function reportWithScreenshot(page: Page): Promise<string> {
  const frame = await reportScreenshotAsIs(page);
  // The capture's picture has reached the frame: the capture is complete.
  await expect
    .poll(() =>
      frame.evaluate(() =>
        (
          (
            window as unknown as {
              __received: Array<{ name?: string; data?: { data?: { preview?: string } } }>;
            }
          ).__received ?? []
        ).some((message) => message?.name === "set-form-data" && Boolean(message.data?.data?.preview)),
      ),
    )
    .toBe(true);
  return sendBugReport(page, frame, { description: "Payment fails" });
}

/** Everything stored of a report, as text: the row's columns, every stored file, the admin API's view. */
async function storedText(request: import("@playwright/test").APIRequestContext, id: string) {
  const { parts, files } = await storedReportParts(id);
  const detail = await request.get(`/api/feedback/${id}`, { headers: await adminHeaders(request) });
  expect(detail.status()).toBe(200);
  parts.push({ where: "admin API", text: await detail.text() });
  return { parts, files };
}

const htmlEscaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The ways a stretch of a secret could be written into stored text. */
function writtenForms(text: string): string[] {
  const json = JSON.stringify(text).slice(1, -1);
  const uri = encodeURIComponent(text);
  return [
    ...new Set([
      text,
      json,
      json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`),
      // A JSON string inside a JSON string (a request body stored in a log).
      JSON.stringify(json).slice(1, -1),
      uri,
      uri.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()),
      new URLSearchParams({ v: text }).toString().slice(2),
      htmlEscaped(text),
    ]),
  ];
}

/** The first 4 characters (in every typed prefix of 4 or more) and every 6-character stretch. */
function needles(secret: string): string[] {
  const stretches = [secret.slice(0, 4)];
  for (let start = 0; start + 6 <= secret.length; start++) stretches.push(secret.slice(start, start + 6));
  return [...new Set(stretches.flatMap(writtenForms))];
}

/** Pictures as base64 data URLs are pixels; random base64 could spell a short stretch by chance. */
const withoutPictures = (text: string) =>
  text.replace(/data:[^,"'\s]{0,100};base64,[A-Za-z0-9+/=]+/g, "data:…");

test("no value of the privacy test set reaches any stored part of a report (web replay on)", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1100, height: 900 });
  await openHost(page, context);
  await fillTestSet(page);
  const id = await reportWithScreenshot(page);
  const { parts, files } = await storedText(request, id);

  // Every part was stored and holds what it should, so finding nothing below means something.
  expect(files).toContain("replay.json.zst");
  const all = parts.map((part) => part.text).join("\n");
  const replay = parts.find((part) => part.where === "file replay.json.zst")?.text ?? "";
  for (const recorded of [plainValue, '"tagName":"iframe"', "frame-masked", "shadow-masked"])
    expect(replay).toContain(recorded);
  for (const stored of [
    "/privacy-api/pay",
    "/privacy-api/profile",
    "/privacy-api/search",
    "typing",
    "checkout",
    "lastCard",
    "div#blocked.gl-block.box",
    'value=\\"*',
  ])
    expect(all).toContain(stored);
  // The snapshot (inline in the row or a file) shows the plain value and asterisks for the rest.
  expect(all).toContain(plainValue);

  const leaks: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    const forms = needles(secret);
    for (const part of parts) {
      const text = withoutPictures(part.text);
      for (const form of forms) if (text.includes(form)) leaks.push(`${name}: "${form}" in ${part.where}`);
    }
  }
  expect(leaks).toEqual([]);
});
