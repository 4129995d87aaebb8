import { expect, test } from "bun:test";
import { join } from "node:path";

/**
 * Libraries and modules a start does not need before its first request: each loads when first used
 * (the first mail sent, MFA enrolment, the first token, a database to seed, the admin API once the
 * server listens), since module loading is
 * most of the time a start takes (bench/startup.ts). A static import of one of them brings the cost
 * back to every start unnoticed; this names it.
 */
const loadedWhenUsed = [
  /node_modules\/nodemailer\//,
  /node_modules\/qrcode\//,
  /node_modules\/jose\//,
  // MFA codes, ALTCHA challenges and multipart uploads load these at first use.
  /node_modules\/otpauth\//,
  /node_modules\/altcha-lib\//,
  /node_modules\/busboy\//,
  /src\/server\/demo-data\/messenger-demo\.ts$/,
  /src\/server\/demo-data\/seed-platform-demo-data\.ts$/,
  // The admin API's route tables: loaded once the server listens (server.ts).
  /src\/server\/platform-api\/admin-widget-routes\.ts$/,
  /src\/server\/platform-api\/platform-routes\.ts$/,
  /src\/server\/platform-api\/messenger\/messenger-admin-routes\.ts$/,
];

/**
 * Node's modules that cost a start 10–35 ms each (node:dns about 30 ms, node:zlib about 24 ms): Bun loads one when it
 * is first imported, which a static import of it in any module loaded at start does.
 */
const builtinsLoadedWhenUsed = [
  "node:dns",
  "node:dns/promises",
  "node:zlib",
  "node:tls",
  "node:net",
  "node:stream",
  "node:stream/promises",
];

/** The files loaded by importing `serve.ts`, what `main.ts` imports before it starts the server. */
async function loadedAtStart(): Promise<string[]> {
  // A process of its own, so what this test file loaded does not count.
  const script = `await import(${JSON.stringify(join(import.meta.dir, "serve.ts"))}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  const run = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const [exitCode, stdout, stderr] = await Promise.all([
    run.exited,
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
  ]);
  expect(stderr).toBe("");
  expect(exitCode).toBe(0);
  const loaded = JSON.parse(stdout) as string[];
  // Sanity: the server's own modules are there.
  expect(loaded.some((path) => path.endsWith("src/server/server.ts"))).toBe(true);
  return loaded;
}

/** The builtins among `names` that `source` imports or requires by name (`import type` costs nothing). */
function builtinsNamed(source: string, names: readonly string[]): string[] {
  const found = new Set<string>();
  const imports =
    /^\s*import\s+(?!type\b)[^;]*?\bfrom\s*["']([^"']+)["']|\brequire\(\s*["']([^"']+)["']\s*\)/gm;
  for (const match of source.matchAll(imports)) {
    const specifier = match[1] ?? match[2] ?? "";
    const name = specifier.startsWith("node:") ? specifier : `node:${specifier}`;
    if (names.includes(name)) found.add(name);
  }
  return [...found];
}

test("the server's entry loads none of the modules a start does not need", async () => {
  const loaded = await loadedAtStart();
  expect(loaded.filter((path) => loadedWhenUsed.some((pattern) => pattern.test(path)))).toEqual([]);
  const builtins: string[] = [];
  for (const path of loaded) {
    const source = await Bun.file(path).text();
    for (const name of builtinsNamed(source, builtinsLoadedWhenUsed))
      builtins.push(`${path} imports ${name}`);
  }
  expect(builtins).toEqual([]);
});

test("a static import or a require of a builtin is found, an import of its types is not", () => {
  const names = ["node:zlib", "node:stream"];
  expect(builtinsNamed(`import { gunzipSync } from "node:zlib";`, names)).toEqual(["node:zlib"]);
  expect(builtinsNamed(`import {\n  Transform,\n} from "stream";`, names)).toEqual(["node:stream"]);
  expect(builtinsNamed(`var Stream = require("stream");`, names)).toEqual(["node:stream"]);
  expect(builtinsNamed(`import type { Readable } from "node:stream";`, names)).toEqual([]);
  expect(builtinsNamed(`const { pipeline } = await import("node:stream");`, names)).toEqual([]);
});
