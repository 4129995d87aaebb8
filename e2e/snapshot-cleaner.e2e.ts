import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import type { CleanerWindow } from "./support/snapshot-cleaner-entry.ts";
import { test } from "./support/spec-test.ts";

/**
 * The admin's snapshot cleaner (src/admin/inbox/snapshot-document.ts) against a corpus of known
 * mutation-XSS and filter-evasion payloads, in Chromium, whose HTML parser is the standard's (happy-dom's
 * is not, so the unit tests keep only the simple cases). Mutation XSS is markup that is harmless as the
 * cleaner parses it and live once the cleaned text is parsed again, so each payload's output is checked
 * after that second parse, three ways:
 *
 * 1. parsed again with DOMParser (as the cleaner parses: scripting off);
 * 2. shown in the viewer's own frame (`sandbox="allow-same-origin"`, the output as `srcdoc`), shadow
 *    roots attached, the live DOM walked;
 * 3. shown in a frame that may run scripts, with the output's policy taken out, so only the cleaning
 *    stands between a payload and an `alert` (pictures fail to load there, so `onerror` would fire).
 *
 * No element may have an `on…` attribute, be a script, frame, plugin, `<base>` or refresh, or carry a
 * `javascript:` address, and no `alert` may open.
 */

const corpus: string[] = [
  // Namespace confusion through MathML text integration points (DOMPurify 2.0.16/2.0.17 bypasses).
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  "<math><mi><mglyph><svg><mtext><style><img src=x onerror=alert(1)></style></mtext></svg></mglyph></mi></math>",
  '<math><annotation-xml encoding="text/html"><style><img src=x onerror=alert(1)></style></annotation-xml></math>',
  "<math><style><img src=x onerror=alert(1)></style></math>",
  "<math><mtext><svg><style><img src=x onerror=alert(1)>",
  // SVG: style and foreign content, and `</p>` leaving the SVG namespace (DOMPurify 2.0.0 bypass).
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<svg><p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<svg><style><img src=x onerror=alert(1)></style></svg>",
  "<svg><foreignobject><img src=x onerror=alert(1)></foreignobject></svg>",
  "<svg><foreignObject><style><img src=x onerror=alert(1)></style></foreignObject></svg>",
  "<svg><desc><svg><title><style><img src=x onerror=alert(1)></style></title></svg></desc></svg>",
  "<svg><annotation-xml><foreignobject><style><img src=x onerror=alert(1)>",
  "<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>",
  "<svg><title><![CDATA[</title><img src=x onerror=alert(1)>]]></title></svg>",
  "<svg><script>alert(1)</script></svg>",
  "<svg onload=alert(1)></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" to="javascript:alert(1)"/><a><text>x</text></a></svg>',
  '<svg><set attributeName="onmouseover" to="alert(1)"/></svg>',
  '<svg><use href="data:image/svg+xml,&lt;svg id=x xmlns=http://www.w3.org/2000/svg&gt;&lt;image href=1 onerror=alert(1) /&gt;&lt;/svg&gt;#x"/></svg>',
  // Raw-text and escapable raw-text elements that change meaning on the way back.
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noembed><img title="</noembed><img src onerror=alert(1)>"></noembed>',
  '<noframes><img title="</noframes><img src onerror=alert(1)>"></noframes>',
  '<xmp><img title="</xmp><img src onerror=alert(1)>"></xmp>',
  '<title><img title="</title><img src onerror=alert(1)>"></title>',
  '<textarea><img title="</textarea><img src onerror=alert(1)>"></textarea>',
  '<iframe><img title="</iframe><img src onerror=alert(1)>"></iframe>',
  '<style><img title="</style><img src onerror=alert(1)>"></style>',
  '<plaintext><img title="</plaintext><img src onerror=alert(1)>">',
  "<template><style></template><img src=x onerror=alert(1)></style></template>",
  // Comments and bogus comments.
  "<!--><img src=x onerror=alert(1)>-->",
  "<!---><img src=x onerror=alert(1)>-->",
  "<!-- --!><img src=x onerror=alert(1)> -->",
  "<?xml-stylesheet ><img src=x onerror=alert(1)>?>",
  '<a title="--><img src=x onerror=alert(1)>"></a><!--',
  "<div><!--</div><img src=x onerror=alert(1)>-->",
  // Select's newer content model, tables and forms moving nodes around.
  "<select><style><img src=x onerror=alert(1)></style></select>",
  "<select><math><style><img src onerror=alert(1)>",
  "<select><iframe><img src=x onerror=alert(1)>",
  "<table><tr><td><svg><desc><table><mglyph><style><img src=x onerror=alert(1)>",
  "<form><svg><form><style><img src=x onerror=alert(1)>",
  // Deep nesting: parsers flatten past a depth, which can move a node out of its namespace.
  `${"<div>".repeat(600)}<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  // Declarative shadow roots and custom elements.
  "<div><template shadowrootmode=open><img src=x onerror=alert(1)></template></div>",
  "<div><template shadowrootmode=open><math><mtext><table><mglyph><style><img src=x onerror=alert(1)></template></div>",
  "<acme-card onclick=alert(1)><template shadowrootmode=open><svg onload=alert(1)></svg></template></acme-card>",
  '<button is="acme-button" onfocus=alert(1) autofocus>x</button>',
  // Handlers that fire on their own, and addresses that run script.
  "<img src=x onerror=alert(1)//",
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  '<div style="animation-name:spin" onanimationstart=alert(1)></div><style>@keyframes spin{}</style>',
  "<img src=x one\u0000rror=alert(1)>",
  "<img src=x ONERROR=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button form="f" formaction="javascript:alert(1)">x</button>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<link rel="import" href="data:text/html,<script>alert(1)</script>">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<script>alert(1)</script>",
  "<scr<script>ipt>alert(1)</script>",
];

const bundle = (() => {
  let built: string | null = null;
  return () => {
    built ??= execFileSync(
      join(process.cwd(), "node_modules", ".bin", "bun"),
      ["build", "e2e/support/snapshot-cleaner-entry.ts", "--target=browser", "--format=iife"],
      { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
    );
    return built;
  };
})();

/**
 * Runs each document through the three checks above and answers what it found, one line per finding.
 * With `clean` false the documents go in as they are: the harness's own test that it sees an attack.
 */
async function findings(page: Page, documents: string[], clean: boolean): Promise<string[]> {
  return page.evaluate(
    async ({ documents, clean }) => {
      const forbidden = new Set([
        "script",
        "iframe",
        "frame",
        "frameset",
        "object",
        "embed",
        "applet",
        "base",
        "link",
        "portal",
        "fencedframe",
        "noscript",
      ]);
      const addressNames =
        /^(href|xlink:href|src|action|formaction|data|poster|background|to|from|by|values)$/i;
      // Browsers ignore ASCII whitespace and control characters in a scheme.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      const compact = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
      const walk = (root: ParentNode, where: string, out: string[]) => {
        for (const element of Array.from(root.querySelectorAll("*"))) {
          const tag = element.localName.toLowerCase();
          if (forbidden.has(tag)) out.push(`${where}: <${tag}>`);
          if (tag === "meta" && !(element === element.ownerDocument.head?.firstElementChild))
            out.push(`${where}: a page's <meta>`);
          for (const name of element.getAttributeNames()) {
            const value = compact(element.getAttribute(name) ?? "");
            if (/^on/i.test(name)) out.push(`${where}: <${tag} ${name}>`);
            if (
              /^(javascript|vbscript):/i.test(value) ||
              (addressNames.test(name) && /javascript:|vbscript:|^data:text\/html/i.test(value))
            )
              out.push(`${where}: <${tag} ${name}="${value.slice(0, 40)}">`);
            if (
              (tag === "set" || tag.startsWith("animate")) &&
              name.toLowerCase() === "attributename" &&
              /^on|href$/i.test(value)
            )
              out.push(`${where}: <${tag}> animates ${value}`);
          }
          if (element instanceof HTMLTemplateElement) walk(element.content, `${where} template`, out);
          if (element.shadowRoot) walk(element.shadowRoot, `${where} shadow root`, out);
        }
      };
      const show = (html: string, sandbox: string) =>
        new Promise<HTMLIFrameElement>((resolve) => {
          const frame = document.createElement("iframe");
          frame.setAttribute("sandbox", sandbox);
          frame.addEventListener("load", () => resolve(frame), { once: true });
          frame.srcdoc = html;
          document.body.append(frame);
        });

      const { cleanSnapshot } = window as unknown as CleanerWindow;
      const out: string[] = [];
      await Promise.all(
        documents.map(async (payload, index) => {
          const where = `#${index} ${JSON.stringify(payload.slice(0, 70))}`;
          const blocked = clean ? cleanSnapshot(payload, false) : payload;
          walk(new DOMParser().parseFromString(blocked, "text/html"), `${where} reparsed`, out);
          const viewer = await show(blocked, "allow-same-origin");
          if (viewer.contentDocument) walk(viewer.contentDocument, `${where} viewer`, out);
          const opened = clean ? cleanSnapshot(payload, true) : payload;
          await show(
            opened.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, ""),
            "allow-scripts allow-modals",
          );
        }),
      );
      // Handlers of failed pictures, animations and focus fire within a few frames.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return out;
    },
    { documents, clean },
  );
}

async function openHarness(page: Page): Promise<string[]> {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  // The reported page's addresses fail at once: a picture's onerror would fire.
  await page.route("https://acme.test/**", (route) => route.abort());
  await page.setContent("<!DOCTYPE html><html><head></head><body></body></html>");
  await page.addScriptTag({ content: bundle() });
  return alerts;
}

test("no mutation-XSS payload survives the snapshot cleaner once Chromium parses its output again", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const alerts = await openHarness(page);
  expect(await findings(page, corpus, true)).toEqual([]);
  expect(alerts).toEqual([]);
});

test("the harness itself sees a live handler, a script and a javascript: address when nothing cleans", async ({
  page,
}) => {
  const alerts = await openHarness(page);
  const found = await findings(
    page,
    [
      "<img src=x onerror=alert(1)>",
      "<svg><script>alert(2)</script></svg>",
      '<a href="javascript:alert(3)">x</a>',
    ],
    false,
  );
  expect(found.some((line) => line.includes("<img onerror>"))).toBe(true);
  expect(found.some((line) => line.includes("<script>"))).toBe(true);
  expect(found.some((line) => line.includes('href="javascript:alert(3)"'))).toBe(true);
  expect(alerts.sort()).toEqual(["1", "2"]);
});
