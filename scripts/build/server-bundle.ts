import { rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import {
  type BuildSources,
  buildSettings,
  buildStaleness,
  inputsBeforeBuild,
  writeBuildStamp,
} from "./build-stamp.ts";
import { serverWorkerEntries } from "./server-workers.ts";

const root = resolve(import.meta.dir, "..", "..");

/** The server's bundle sits in this folder of the build (its own stamp inside; the server never serves it). */
export const serverBundleFolder = "server";

/**
 * The bundle's sources: the server and what it shares with the browser code. Its tests and test
 * helpers are never bundled; the packages it bundles count by what the bundler read.
 */
export const serverSources: BuildSources = {
  listed: ["src/server/**", "src/shared/**", "scripts/build/**"],
  unlisted: ["**/*.test.ts", "**/*.test.tsx", "src/server/test-support/**"],
};

const settings = () => buildSettings({ minify: true });

/**
 * The server as `npm start` runs it: `src/server/main.ts` bundled for Bun. A start then loads a few
 * files Bun runs as they are instead of transpiling some 280 modules (bench/startup.ts: 48–65 ms to
 * import the server against 69–112 ms from the sources). Split as the binary is (scripts/build/
 * compile.ts): what loads at first use (the admin API, mail, the migrations) stays in chunks of its own.
 * Identifiers are kept, so a stack trace in the log still names the functions.
 *
 * Workers: the server starts each with `new Worker(new URL("./x-worker.ts", import.meta.url))`, which in
 * the bundle names a file beside its chunks. Each worker is an entry of the bundle (`x-worker.js`), and
 * a one-line `x-worker.ts` beside it imports that one, so the same URL finds the built worker.
 */
export async function buildServerBundle(outDir: string): Promise<{ files: number; ms: number }> {
  const started = performance.now();
  const folder = join(outDir, serverBundleFolder);
  const before = await inputsBeforeBuild(root, settings(), { sources: serverSources });
  await rm(folder, { recursive: true, force: true });
  const workers = await serverWorkerEntries();
  const result = await Bun.build({
    entrypoints: [join(root, "src", "server", "main.ts"), ...workers],
    outdir: folder,
    target: "bun",
    format: "esm",
    splitting: true,
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]" },
    minify: { whitespace: true, syntax: true, identifiers: false },
    metafile: true,
  });
  if (!result.success) throw new Error(`the server's bundle failed:\n${result.logs.join("\n")}`);
  for (const worker of workers) {
    const name = basename(worker);
    await Bun.write(join(folder, name), `import "./${name.replace(/\.ts$/, ".js")}";\n`);
  }
  // Relative to the working directory, as build.ts reads them.
  const read = Object.keys(result.metafile?.inputs ?? {}).map((input) => resolve(input));
  await writeBuildStamp(folder, root, before, read, new Date().toISOString());
  return { files: result.outputs.length + workers.length, ms: performance.now() - started };
}

/** The reasons to bundle the server again in `outDir`: none when its bundle is current. */
export async function serverBundleStaleness(outDir: string): Promise<string[]> {
  return (await buildStaleness(join(outDir, serverBundleFolder), root, settings())).reasons;
}
