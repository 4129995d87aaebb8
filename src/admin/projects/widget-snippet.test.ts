import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { verifyUserHash } from "../../server/domain/sessions/user-hash.ts";
import { identifyExample, loaderUrl, snippetLine, widgetSnippet } from "./widget-snippet.ts";

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

  test("the Node.js example, run as a host's server runs it, signs a user id as the server checks it", () => {
    const secret = "a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6a7b8c9d0a1b2";
    // A numeric id too: the SDK sends every id as text, and the example signs it as text.
    for (const id of ["u1", 42]) {
      const script = `const user = { id: ${JSON.stringify(id)} };\n${identifyExample().node}\nconsole.log(userHash);`;
      const run = Bun.spawnSync([process.execPath, "--eval", script], {
        env: { ...process.env, GLEAP_IDENTITY_SECRET: secret },
      });
      const userHash = run.stdout.toString().trim();
      expect(userHash).toMatch(/^[0-9a-f]{64}$/);
      expect(verifyUserHash(secret, String(id), userHash)).toBe(true);
    }
  });

  test("the Python example computes the same HMAC-SHA256: the secret's text as key, the id as text, hex", () => {
    const { python } = identifyExample();
    expect(python).toContain(
      'hmac.new(\n    os.environ["GLEAP_IDENTITY_SECRET"].encode(),\n    str(user.id).encode(),',
    );
    expect(python).toContain("hashlib.sha256,\n).hexdigest()");
  });
});
