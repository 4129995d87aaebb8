import { expect, test } from "@playwright/test";
import { snippetStub } from "./support/snippet-stub.ts";

const nonce = "e2e-csp-nonce";

/**
 * A host with a strict Content-Security-Policy: scripts and styles run only with its nonce, nothing is
 * allowed by origin. The snippet hands the nonce to the loader's script tag; the loader must pass it on
 * to every chunk it imports and every <style> it adds, or the browser blocks them.
 */
test("under a nonce-only CSP the SDK starts, loads its launcher chunk and breaks no rule", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: baseURL ?? "" }]);
  await page.route("**/csp-host", (route) =>
    route.fulfill({
      contentType: "text/html",
      headers: {
        "content-security-policy": `script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; object-src 'none'; base-uri 'none'`,
      },
      body: `<!doctype html><html><head><script nonce="${nonce}">
        window.violations = [];
        document.addEventListener("securitypolicyviolation", function (event) {
          window.violations.push(event.violatedDirective + " " + event.blockedURI);
        });
        ${snippetStub()}
        Gleap.on("initialized", function () { window.initialized = true; });
        Gleap.initialize("demo");
        var s = document.createElement("script"); s.async = true; s.nonce = "${nonce}"; s.src = "/sdk/loader.js";
        document.head.appendChild(s);
      </script></head><body><p>a host with a strict policy</p></body></html>`,
    }),
  );
  const chunkRequests: string[] = [];
  page.on("request", (request) => {
    if (/\/sdk\/launcher-chunk-/.test(request.url())) chunkRequests.push(request.url());
  });

  await page.goto("/csp-host");
  await page.waitForFunction(() => (window as unknown as { initialized?: boolean }).initialized === true);
  await expect(page.getByTestId("gleap-launcher")).toBeVisible();

  // The launcher's styles applied (a blocked <style> would leave an unstyled, static button).
  const position = await page
    .getByTestId("gleap-launcher")
    .evaluate((button) => getComputedStyle(button).position);
  expect(position).toBe("fixed");
  expect(chunkRequests).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
