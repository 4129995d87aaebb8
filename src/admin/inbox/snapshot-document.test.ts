import { describe, expect, test } from "bun:test";
import { snapshotDocument, snapshotPolicy } from "./snapshot-document.ts";

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("snapshotDocument", () => {
  test("puts the policy first in the head and keeps the page", () => {
    const out = parse(
      snapshotDocument(
        '<!DOCTYPE html><html><head><base href="https://acme.test/"><style>p{color:red}</style></head><body><p style="margin:0">Hi</p><div class="gl-capture-drawings"><svg><rect width="5"></rect></svg></div></body></html>',
      ),
    );
    const first = out.head.firstElementChild;
    expect(first?.getAttribute("http-equiv")).toBe("Content-Security-Policy");
    expect(first?.getAttribute("content")).toBe(snapshotPolicy);
    expect(out.querySelector("style")?.textContent).toBe("p{color:red}");
    expect(out.querySelector("p")?.getAttribute("style")).toBe("margin:0");
    expect(out.querySelector(".gl-capture-drawings rect")).not.toBeNull();
  });

  test("removes scripts, handlers, javascript: URLs, frames, links and meta refreshes", () => {
    const html = snapshotDocument(`<html><head>
      <!-- <head> -->
      <meta http-equiv="refresh" content="0;url=https://evil.test">
      <meta http-equiv="Content-Security-Policy" content="default-src *">
      <link rel="stylesheet" href="https://acme.test/site.css">
      <script>window.hacked = true</script></head>
      <body onload="hacked()"><img src="x" onerror="window.hacked = true" OnClick="x()">
      <a href=" javascript:alert(1)">a</a><iframe src="https://evil.test"></iframe><object data="x"></object>
      <svg><script>alert(1)</script><a href="javascript:alert(2)"></a></svg>
      <template shadowrootmode="open"><img src="y" onerror="alert(3)"><script>alert(4)</script></template>
      </body></html>`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror|onload|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<iframe|<object|<link|refresh|default-src \*/i);
    expect(html.startsWith('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"')).toBe(
      true,
    );
  });

  test("a fragment without html or head still gets its policy in a head", () => {
    const out = parse(snapshotDocument("<p>only a paragraph</p>"));
    expect(out.head.firstElementChild?.getAttribute("content")).toBe(snapshotPolicy);
    expect(out.body.textContent).toBe("only a paragraph");
  });
});
