import { describe, expect, test } from "bun:test";
import { externalPlaceholder, externalResources, framePolicy } from "./external-resources.ts";
import { snapshotDocument } from "./snapshot-document.ts";

/**
 * The simple cases under happy-dom. Its parser is not the standard's, so the mutation-XSS corpus runs
 * in Chromium (e2e/snapshot-cleaner.e2e.ts).
 */

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const own = ["https://admin.test", "https://messenger.test"];
const blocked = () => externalResources({ own, base: "https://acme.test/notes", allowExternal: false });
const allowed = () => externalResources({ own, base: "https://acme.test/notes", allowExternal: true });

describe("snapshotDocument", () => {
  test("puts the frame policy first in the head and keeps the page", () => {
    const out = parse(
      snapshotDocument(
        '<!DOCTYPE html><html class="dark"><head><style>p{color:red}</style></head><body><p style="margin:0" data-state="open">Hi</p><div class="gl-capture-drawings"><svg><rect width="5"></rect></svg></div><input value="***"></body></html>',
        blocked(),
      ),
    );
    const first = out.head.firstElementChild;
    expect(first?.getAttribute("http-equiv")).toBe("Content-Security-Policy");
    expect(first?.getAttribute("content")).toBe(framePolicy(own, false));
    expect(out.documentElement.getAttribute("class")).toBe("dark");
    expect(out.querySelector("style")?.textContent).toBe("p{color:red}");
    expect(out.querySelector("p")?.getAttribute("style")).toBe("margin:0");
    expect(out.querySelector("p")?.getAttribute("data-state")).toBe("open");
    expect(out.querySelector(".gl-capture-drawings rect")).not.toBeNull();
    expect(out.querySelector("input")?.getAttribute("value")).toBe("***");
  });

  test("removes scripts, handlers, javascript: URLs, frames, links, base and meta", () => {
    const html = snapshotDocument(
      `<html><head>
      <!-- <head> -->
      <base href="https://evil.test/">
      <meta http-equiv="refresh" content="0;url=https://evil.test">
      <meta http-equiv="Content-Security-Policy" content="default-src *">
      <link rel="stylesheet" href="https://acme.test/site.css">
      <script>window.hacked = true</script></head>
      <body onload="hacked()"><img src="x" onerror="window.hacked = true" OnClick="x()">
      <a href=" javascript:alert(1)">a</a><iframe src="https://evil.test"></iframe><object data="x"></object>
      <svg><script>alert(1)</script><a href="javascript:alert(2)"></a></svg>
      <template shadowrootmode="open"><img src="y" onerror="alert(3)"><script>alert(4)</script></template>
      </body></html>`,
      blocked(),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror|onload|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<iframe|<object|<link|<base|refresh|default-src \*/i);
    expect(html.startsWith('<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy"')).toBe(
      true,
    );
  });

  test("keeps declarative shadow roots and custom elements, cleaned and rewritten inside", () => {
    const out = parse(
      snapshotDocument(
        `<body><acme-card data-x="1" onclick="x()"><template shadowrootmode="open"><style>:host{background:url(https://tracker.test/bg.png)}</style><img src="https://tracker.test/in-shadow.png" onerror="x()"></template></acme-card></body>`,
        blocked(),
      ),
    );
    const card = out.querySelector("acme-card");
    expect(card?.getAttribute("data-x")).toBe("1");
    expect(card?.hasAttribute("onclick")).toBe(false);
    const template = card?.querySelector("template") as HTMLTemplateElement;
    expect(template.getAttribute("shadowrootmode")).toBe("open");
    const shadow = template.content;
    expect(shadow.querySelector("img")?.getAttribute("src")).toBe(externalPlaceholder);
    expect(shadow.querySelector("img")?.hasAttribute("onerror")).toBe(false);
    expect(shadow.querySelector("style")?.textContent).not.toContain("tracker.test");
  });

  test("every external address is replaced, counted, and loaded only when allowed", () => {
    const page = `<html><head><style>
        body { background: url("https://tracker.test/body.png") }
        @font-face { font-family: X; src: URL(https://tracker.test/font.woff2) }
        @import "https://tracker.test/import.css";
      </style></head><body background="https://tracker.test/legacy.png">
      <img src="https://tracker.test/a.png" srcset="https://tracker.test/a2.png 2x, data:image/png;base64,AAAA 3x">
      <img src="/relative.png"><img src="https://messenger.test/api/files/uploads/own.png">
      <div style="background-image: u\\72l(https://tracker.test/escaped.png)"></div>
      <video poster="https://tracker.test/poster.png" src="https://tracker.test/video.webm"></video>
      <svg><image href="https://tracker.test/svg.png"></image><rect fill="url(https://tracker.test/paint.svg#p)"></rect><rect fill="url(#local)"></rect></svg>
      <a href="https://acme.test/page">a link is followed only on a click</a>
      </body></html>`;
    const resources = blocked();
    const html = snapshotDocument(page, resources);
    expect(html).not.toContain("tracker.test");
    expect(html).not.toContain("acme.test/relative.png");
    expect(resources.found.size).toBe(12);
    const out = parse(html);
    const images = out.querySelectorAll("img");
    expect(images[0]?.getAttribute("src")).toBe(externalPlaceholder);
    expect(images[0]?.getAttribute("srcset")).toBe(
      `${externalPlaceholder} 2x, data:image/png;base64,AAAA 3x`,
    );
    expect(images[1]?.getAttribute("src")).toBe(externalPlaceholder);
    expect(images[2]?.getAttribute("src")).toBe("https://messenger.test/api/files/uploads/own.png");
    expect(out.querySelector("video")?.hasAttribute("src")).toBe(false);
    expect(out.querySelectorAll("rect")[1]?.getAttribute("fill")).toBe("url(#local)");
    expect(out.querySelector("a")?.getAttribute("href")).toBe("https://acme.test/page");

    const opened = parse(snapshotDocument(page, allowed()));
    expect(opened.head.firstElementChild?.getAttribute("content")).toBe(framePolicy(own, true));
    expect(opened.querySelectorAll("img")[0]?.getAttribute("src")).toBe("https://tracker.test/a.png");
    // Relative addresses belong to the reported page, which the frame cannot know without a <base>.
    expect(opened.querySelectorAll("img")[1]?.getAttribute("src")).toBe("https://acme.test/relative.png");
    expect(opened.querySelector("video")?.getAttribute("src")).toBe("https://tracker.test/video.webm");
  });

  test("a fragment without html or head still gets its policy in a head", () => {
    const out = parse(snapshotDocument("<p>only a paragraph</p>", blocked()));
    expect(out.head.firstElementChild?.getAttribute("content")).toBe(framePolicy(own, false));
    expect(out.body.textContent).toBe("only a paragraph");
  });
});
