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
  // The migrations themselves: a start on the shipped schema reads only their ids (schema-current.ts).
  /src\/server\/database\/migrations\.ts$/,
  // (The search tables' description is not a migration: the search reads it at run time.)
  /src\/server\/database\/migrations\/(?!040-report-search-schema\.ts$)/,
  // The admin API's route tables: loaded once the server listens (server.ts).
  /src\/server\/platform-api\/admin-widget-routes\.ts$/,
  /src\/server\/platform-api\/platform-routes\.ts$/,
  /src\/server\/platform-api\/messenger\/messenger-admin-routes\.ts$/,
  // Sign-in's routes, with them.
  /src\/server\/platform-api\/auth\/auth-routes\.ts$/,
  /src\/server\/platform-api\/auth\/account-routes\.ts$/,
  /src\/server\/platform-api\/team\/invitation-accept-routes\.ts$/,
];

/**
 * Node's modules that cost a start 10–35 ms each (node:dns about 30 ms, node:zlib about 24 ms): Bun
 * loads one when it is first imported, which a static import of it in any module loaded at start does.
 */
const builtinsLoadedWhenUsed = [
  "node:dns",
  "node:dns/promises",
  "node:zlib",
  "node:tls",
  "node:net",
  "node:stream",
  "node:stream/promises",
  // Its hashes and random bytes are Bun's own at start (auth/native-crypto.ts): it loads Node's streams.
  "node:crypto",
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

/**
 * The builtins among `names` that `source` loads as it is evaluated: a static import (with bindings,
 * for its side effects, or re-exported) or a `require` as a statement of its own at the top of a
 * CommonJS file. `import type` costs nothing, and a `require` or `import()` inside a function runs at
 * first use. A builtin that another builtin loads (node:https loads node:tls) is not seen here.
 */
function builtinsNamed(source: string, names: readonly string[]): string[] {
  const found = new Set<string>();
  const specifier = `["']([^"']+)["']`;
  const loads = new RegExp(
    [
      `^\\s*(?:import|export)\\s+(?!type\\b)[^;]*?\\bfrom\\s*${specifier}`,
      `^\\s*import\\s*${specifier}`,
      `^(?:(?:const|let|var)\\s+[^=;]+=\\s*)?require\\(\\s*${specifier}\\s*\\)`,
    ].join("|"),
    "gm",
  );
  for (const match of source.matchAll(loads)) {
    const loaded = match[1] ?? match[2] ?? match[3] ?? "";
    const name = loaded.startsWith("node:") ? loaded : `node:${loaded}`;
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

test("a builtin loaded as a module is evaluated is found; its types, and loads at first use, are not", () => {
  const names = ["node:zlib", "node:stream"];
  const found = (source: string) => builtinsNamed(source, names);
  expect(found(`import { gunzipSync } from "node:zlib";`)).toEqual(["node:zlib"]);
  expect(found(`import {\n  Transform,\n} from "stream";`)).toEqual(["node:stream"]);
  expect(found(`import "node:zlib";`)).toEqual(["node:zlib"]);
  expect(found(`export { gunzipSync } from "node:zlib";`)).toEqual(["node:zlib"]);
  expect(found(`var Stream = require("stream");`)).toEqual(["node:stream"]);
  expect(found(`import type { Readable } from "node:stream";`)).toEqual([]);
  expect(found(`export type { Readable } from "node:stream";`)).toEqual([]);
  expect(found(`const { pipeline } = await import("node:stream");`)).toEqual([]);
  expect(found(`function later() {\n  return require("node:zlib");\n}`)).toEqual([]);
});
