import { describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { binaryBundle } from "./compile.ts";
import { serverWorkerEntries } from "./server-workers.ts";

const serverDir = join(import.meta.dir, "..", "..", "src", "server");

describe("serverWorkerEntries", () => {
  test("finds the worker of every server module that starts one, so the binary has each", async () => {
    const entries = await serverWorkerEntries(serverDir);
    expect(entries.map((entry) => basename(entry)).sort()).toEqual([
      "report-parser-worker.ts",
      "sqlite-checkpoint-worker.ts",
      "sqlite-read-worker.ts",
      "stdout-writer-worker.ts",
    ]);
    for (const entry of entries) expect(await Bun.file(entry).exists()).toBe(true);
  });

  test("every module that starts a worker names it as the scan reads it", async () => {
    const starters: string[] = [];
    for (const file of await readdir(serverDir, { recursive: true })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file.includes("test-support")) continue;
      const source = await Bun.file(join(serverDir, file)).text();
      if (source.includes("new Worker(")) starters.push(file);
    }
    expect(starters.length).toBeGreaterThan(0);
    for (const file of starters) {
      const source = await Bun.file(join(serverDir, file)).text();
      // A worker named another way (a string path, a computed URL) would be missing from the binary.
      expect({ file, named: /new URL\("\.\.?\/[^"]+\.ts", import\.meta\.url\)/.test(source) }).toEqual({
        file,
        named: true,
      });
    }
  });
});

/**
 * What the binary's entry loads before any of its code runs: the chunks it imports statically, one from
 * another, and the modules from outside the bundle (Node's, Bun's) they import. Read from the bundle
 * built unminified, whose `// path` comments name the sources in each chunk.
 */
async function loadedAtStart(outdir: string, entry: string) {
  const chunks = new Set<string>();
  const external = new Set<string>();
  const sources = new Set<string>();
  const visit = async (file: string) => {
    if (chunks.has(file)) return;
    chunks.add(file);
    const text = await Bun.file(join(outdir, file)).text();
    for (const [, source] of text.matchAll(/^\/\/ ((?:node_modules|src)\/\S+)$/gm))
      sources.add(source as string);
    for (const [, specifier] of text.matchAll(/^import(?:[\s\S]*?from)?\s*"([^"]+)";?$/gm)) {
      if (specifier?.startsWith("./")) await visit(specifier.slice(2));
      else if (specifier) external.add(specifier.replace(/^node:/, ""));
    }
  };
  await visit(entry);
  return { external, sources };
}

describe("the binary's start", () => {
  test("loads neither the mail library nor Node's network, compression, process and util modules", async () => {
    const outdir = await mkdtemp(join(tmpdir(), "binary-bundle-"));
    try {
      // As compiled, but to a folder and readable (bytecode needs the executable).
      const built = await Bun.build({ ...(await binaryBundle()), outdir, minify: false, bytecode: false });
      expect(built.success).toBe(true);
      const start = await loadedAtStart(outdir, "main.js");
      // Sure of the reading: the entry reaches the server and the modules every start needs.
      expect([...start.sources].some((source) => source.endsWith("src/server/serve.ts"))).toBe(true);
      expect(start.external.has("bun:sqlite")).toBe(true);
      const loadedLater = ["child_process", "crypto", "dns", "http", "https", "net", "tls", "util", "zlib"];
      expect(loadedLater.filter((name) => start.external.has(name))).toEqual([]);
      const libraries = ["nodemailer", "altcha-lib", "otpauth", "jose"];
      expect(
        libraries.filter((library) => [...start.sources].some((source) => source.includes(`/${library}/`))),
      ).toEqual([]);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
