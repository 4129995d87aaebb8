import { describe, expect, test } from "bun:test";
import { richTextTags } from "./rich-text-allow-list.ts";

/**
 * The tests every rich-text sanitizer runs against the shared allow-list (rich-text-allow-list.ts):
 * the DOMPurify ones of the messenger and the admin and the widget's rebuild. Each sanitizer's test file
 * calls this with its function, so a sanitizer that drifts from the list, or lets a script, a handler
 * or a dangerous address through, fails in its own file. Not a test file itself: it has no `.test.`.
 */

/** Every element of the list once, in an input that keeps them all. */
const everyTag = [
  "<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4>",
  "<div><p><b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u> <s>s</s> <span>sp</span>",
  " <mark>m</mark> <code>c</code><br></p></div>",
  "<ul><li>l</li></ul><ol><li>o</li></ol><blockquote>q</blockquote><pre>p</pre><hr>",
  '<a href="https://acme.test/">a</a><img src="https://cdn.test/a.png" alt="A">',
  "<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>",
].join("");

/** Inputs that must lose what `forbidden` finds, whatever else of them stays. */
const hostile = [
  { name: "a script", html: "<p>Hi<script>window.hacked = 1</script></p>", forbidden: /<script|hacked/i },
  {
    name: "on* handlers",
    html: '<img src="https://cdn.test/a.png" onerror="window.hacked = 1"><p onclick="go()" OnMouseOver="go()">t</p>',
    forbidden: /\son\w+=|hacked|go\(\)/i,
  },
  {
    name: "javascript: links, however they are spelled",
    html: '<a href="javascript:alert(1)">a</a><a href=" JavaScript:alert(1)">b</a><a href="jav&#x09;ascript:alert(1)">c</a><img src="javascript:alert(1)">',
    forbidden: /script:|alert/i,
  },
  {
    name: "data:text/html addresses",
    html: '<a href="data:text/html,<script>alert(1)</script>">d</a><img src="data:text/html;base64,PHNjcmlwdD4=">',
    forbidden: /data:text|alert/i,
  },
  {
    name: "styles, classes, ids, data attributes, frames and forms",
    html: '<style>p{}</style><p style="color:red" class="x" id="y" data-x="1">t</p><iframe srcdoc="x"></iframe><object data="x"></object><form action="https://evil.test"><input name="q"></form>',
    forbidden: /<style|style=|class=|id=|data-x|<iframe|<object|<form|<input/i,
  },
];

/** Link addresses the shared URL pattern keeps, and ones it refuses. */
const keptAddresses = [
  "https://acme.test/x",
  "http://acme.test/",
  "mailto:team@acme.test",
  "tel:+4930123",
  "/pricing",
  "#plans",
  "data:image/png;base64,iVBORw0KGgo=",
];
const refusedAddresses = [
  "javascript:alert(1)",
  "vbscript:msgbox(1)",
  "data:text/html,<b>x</b>",
  "//other.test/path",
  // Browsers read a backslash as a slash, and drop tabs and newlines: both are "//other.test".
  "/\\other.test/path",
  "/&#9;/other.test/path",
  "/&#10;/other.test/path",
  "file:///etc/passwd",
];

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html").body;

export function testAgainstRichTextAllowList(sanitize: (html: string) => string) {
  describe("the shared rich-text allow-list", () => {
    test("keeps every element on the list", () => {
      const body = parse(sanitize(everyTag));
      for (const tag of richTextTags) expect(body.querySelector(tag), tag).not.toBeNull();
    });

    for (const { name, html, forbidden } of hostile) {
      test(`removes ${name}`, () => {
        expect(sanitize(html)).not.toMatch(forbidden);
      });
    }

    test("keeps web, mail, phone, inline image, path and anchor links; refuses other addresses", () => {
      for (const address of keptAddresses) {
        const link = parse(sanitize(`<a href="${address}">x</a>`)).querySelector("a");
        expect(link?.getAttribute("href"), address).toBe(address);
      }
      for (const address of refusedAddresses) {
        const link = parse(sanitize(`<a href="${address}">x</a>`)).querySelector("a");
        expect(link?.hasAttribute("href"), address).toBe(false);
        expect(
          parse(sanitize(`<img src="${address}" alt="">`)).querySelector("img[src]"),
          address,
        ).toBeNull();
      }
    });
  });
}
