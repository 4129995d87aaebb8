import { describe, expect, test } from "bun:test";
import type { AppEntry } from "../shared/build-manifest.ts";
import { renderShell } from "./html-shell.ts";

const app: AppEntry = {
  script: "/assets/admin-main-abcd1234.js",
  css: ["/assets/admin-main-abcd1234.css", "/assets/theme-efgh5678.css"],
  preload: ["/assets/chunk-efgh5678.js", "/assets/chunk-ijkl9012.js"],
};

/** The admin's shell in English with the test app, and whatever `options` adds or changes. */
const adminShell = (options: Partial<Parameters<typeof renderShell>[0]> = {}) =>
  renderShell({ title: "Admin", lang: "en", app, ...options });

function bootJson(html: string): string {
  const match = html.match(/<script id="boot-data" type="application\/json">([\s\S]*?)<\/script>/);
  if (!match?.[1]) throw new Error("no boot data element");
  return match[1];
}

describe("renderShell", () => {
  test("starts as an HTML document with its language and root element", () => {
    const html = adminShell({ lang: "de" });
    expect(html).toStartWith("<!doctype html>\n");
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<div id="root"></div>');
  });

  test("includes the entry as a module script", () => {
    const html = adminShell();
    expect(html).toContain('<script type="module" src="/assets/admin-main-abcd1234.js"></script>');
  });

  test("links every stylesheet and preloads every chunk", () => {
    const html = adminShell();
    expect(html).toContain('<link rel="stylesheet" href="/assets/admin-main-abcd1234.css">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/theme-efgh5678.css">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk-efgh5678.js">');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk-ijkl9012.js">');
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(2);
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(2);
  });

  test("a route's chunks are preloaded after the entry, with the nonce, so the entry is fetched first", () => {
    const html = adminShell({
      nonce: "n0nce",
      routePreload: ["/assets/chunk-route1.js", "/assets/chunk-route2.js"],
    });
    const entry = html.indexOf('<script type="module" src="/assets/admin-main-abcd1234.js" nonce="n0nce">');
    const route = html.indexOf('<link rel="modulepreload" href="/assets/chunk-route1.js" nonce="n0nce">');
    expect(entry).toBeGreaterThan(0);
    expect(route).toBeGreaterThan(entry);
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk-route2.js" nonce="n0nce">');
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(4);
  });

  test("an app without styles or preloads has no such links", () => {
    const html = renderShell({ title: "M", lang: "en", app: { script: "/m.js", css: [], preload: [] } });
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script type="module" src="/m.js"></script>');
  });

  test("escapes the title", () => {
    const html = renderShell({ title: `<script>alert("x") & 'y'</script>`, lang: "en", app });
    expect(html).toContain(
      "<title>&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;</title>",
    );
    expect(html).not.toContain("<script>alert");
  });

  test("escapes attribute values", () => {
    const html = renderShell({
      title: "t",
      lang: 'en" onload="x',
      app: { script: '/a.js" onerror="x', css: [], preload: [] },
    });
    expect(html).toContain('<html lang="en&quot; onload=&quot;x">');
    expect(html).toContain('src="/a.js&quot; onerror=&quot;x"');
  });

  test("puts the CSP nonce on the entry script and every module preload, not on styles", () => {
    const html = adminShell({ nonce: "bm9uY2U+/9==" });
    expect(html).toContain(
      '<script type="module" src="/assets/admin-main-abcd1234.js" nonce="bm9uY2U+/9=="></script>',
    );
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/chunk-efgh5678.js" nonce="bm9uY2U+/9==">',
    );
    expect(html).toContain(
      '<link rel="modulepreload" href="/assets/chunk-ijkl9012.js" nonce="bm9uY2U+/9==">',
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/admin-main-abcd1234.css">');
    expect(html.match(/nonce="/g)).toHaveLength(3);
  });

  test("without a nonce no tag has a nonce attribute; a nonce is escaped like any attribute", () => {
    expect(adminShell()).not.toContain("nonce");
    const html = adminShell({ nonce: '"><script>' });
    expect(html).toContain('nonce="&quot;&gt;&lt;script&gt;"');
  });

  test("has no boot data element without boot data", () => {
    const html = adminShell();
    expect(html).not.toContain("boot-data");
  });

  test("boot data round-trips as JSON", () => {
    const data = { apiBase: "/api", user: { name: "Ada" }, flags: [1, 2] };
    const html = adminShell({ bootData: data });
    expect(JSON.parse(bootJson(html))).toEqual(data);
  });

  test("boot data cannot close its script element early", () => {
    const data = { note: "</script><script>alert(1)</script>", comment: "<!-- x" };
    const html = adminShell({ bootData: data });
    const json = bootJson(html);
    expect(json).not.toContain("</script");
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
    // The one boot-data element closes exactly where it should.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(JSON.parse(json)).toEqual(data);
  });
});
