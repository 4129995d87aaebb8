import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loaderUrl, snippetLine, widgetSnippet } from "./widget-snippet.ts";

describe("widget snippet", () => {
  test("is the demo page's snippet, with this server's loader address and the project's key", () => {
    const demo = readFileSync(join(import.meta.dir, "../../../public/demo/index.html"), "utf8");
    expect(demo).toContain(snippetLine("/sdk/loader.js", "demo"));
  });

  test("names the loader on the origin and initializes the key", () => {
    const snippet = widgetSnippet("https://feedback.example.com/", "key-123");
    expect(loaderUrl("https://feedback.example.com/")).toBe("https://feedback.example.com/sdk/loader.js");
    expect(snippet.startsWith("<script>\n!function(Gleap,t,i)")).toBe(true);
    expect(snippet.endsWith("}}();\n</script>")).toBe(true);
    expect(snippet).toContain('i.src="https://feedback.example.com/sdk/loader.js"');
    expect(snippet).toContain('Gleap.initialize("key-123")');
    // One line of script between the tags.
    expect(snippet.split("\n")).toHaveLength(3);
  });

  test("a key cannot break out of the string or the script element", () => {
    const snippet = widgetSnippet("http://localhost:3000", '"</script><script>alert(1)//');
    expect(snippet).not.toContain("</script><script>");
    expect(snippet).toContain('Gleap.initialize("\\"\\u003c/script>\\u003cscript>alert(1)//")');
  });

  test("the stub queues calls for the loader to replay", () => {
    const window: Record<string, unknown> = {};
    const inserted: Array<{ src: string }> = [];
    const head = { appendChild: (script: { src: string }) => inserted.push(script) };
    const document = { getElementsByTagName: () => [head], createElement: () => ({}) as { src: string } };
    new Function("window", "document", snippetLine("https://x.test/sdk/loader.js", "k"))(window, document);
    expect(inserted.map((script) => script.src)).toEqual(["https://x.test/sdk/loader.js"]);
    expect(window.GleapActions).toEqual([{ e: "initialize", a: ["k"] }]);
  });
});
