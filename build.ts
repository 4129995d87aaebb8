import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rm } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants } from "node:zlib";
import type { BuildConfig, BuildMetafile, BuildOutput } from "bun";
import {
  buildSettings,
  buildStaleness,
  inputsBeforeBuild,
  writeBuildStamp,
} from "./scripts/build/build-stamp.ts";
import {
  buildServerBundle,
  serverBundleFolder,
  serverBundleStaleness,
} from "./scripts/build/server-bundle.ts";
import { vendorCspPlugin } from "./scripts/build/vendor-csp-patches.ts";
import { adminRouteModules } from "./src/shared/admin-route-modules.ts";
import {
  type AppEntry,
  type BuildManifest,
  type BuiltFile,
  manifestFileName,
} from "./src/shared/build-manifest.ts";
import { latestBuildPath } from "./src/shared/latest-build.ts";
import type { LatestBuild } from "./src/shared/latest-build-schema.ts";
import { widgetChunkNames } from "./src/shared/widget-chunk-contract.ts";

/**
 * The one build. Output layout (the server serves it as it is):
 *   dist/main/sdk/loader.js          the eager SDK, stable name, one file, no React
 *   dist/main/sdk/*-{hash}.js        lazy widget chunks, sharing React through splitting
 *   dist/main/assets/*-{hash}.*      the admin SPA
 *   dist/main/...                    public/ as it is (demo host page, flags, sounds)
 *   dist/messenger/assets/*-{hash}.* the messenger, banner and modal frame apps
 *   dist/manifest.json               what the server needs to render pages and preload chunks
 *   dist/npm/                        the ES module entry for bundlers (`import Gleap from …`) and its types
 * Text files get `.br` and `.gz` siblings so the server never compresses on the fly.
 */

export interface BuildOptions {
  outDir?: string;
  minify?: boolean;
}

const root = import.meta.dir;
const production = { "process.env.NODE_ENV": JSON.stringify("production") };
const hashedNames = {
  entry: "[name]-[hash].[ext]",
  chunk: "chunk-[hash].[ext]",
  asset: "[name]-[hash].[ext]",
};
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/**
 * The apps' code splitting gives every set of lazy screens that share a module a chunk of its own, down
 * to files of a few hundred bytes (an icon table, an avatar, an empty one): each is a request, a
 * `modulepreload` link appended inside the click that opens its screen, and a module to link. Chunks
 * smaller than this whose modules only declare things are folded into a chunk their importers load
 * anyway (Bun's `minChunkSize`: nothing runs earlier). At 2 KB a messenger conversation opens with 8
 * files instead of 11 and the admin's users list with 20 instead of 26, at the same bytes; larger values
 * folded enough into the messenger's entry to push its first screen over its size budget.
 */
const appMinChunkBytes = 2048;
/**
 * V8's explicit compile hint: every function of the SDK files runs during start-up, so Chromium compiles
 * them eagerly while the file streams in, on a background thread, instead of lazily on the host page's
 * main thread during evaluation (measured by bench/host-impact.ts: script time roughly halved).
 */
const compileHint = "//# allFunctionsCalledOnLoad";

/**
 * The chunks whose entry exists. A surface named in the contract before its chunk is written is left
 * out, and the loader answers its commands as "not available yet"; build.test.ts checks that every
 * named chunk is built once all exist.
 */
const builtChunkNames = widgetChunkNames.filter((name) =>
  [".ts", ".tsx"].some((extension) =>
    existsSync(join(root, "src", "widget", name, `${name}-chunk${extension}`)),
  ),
);

/**
 * The chunks built alone, like the late file, each one file: something a visitor waits for starts once
 * it has arrived. Split, the messenger's was ten files found level after level (each a request and a
 * module task on the page's main thread) before its frame could start loading; the banner's reached
 * its frame through three levels of shared chunks, and a tour's first step waited for a second round
 * of them after its validation (bench/first-content.ts --trace). The launcher, on every page view,
 * fetched its two shared chunks (under 1 KB together) only once it had arrived and was parsed, and
 * every content chunk waits for the launcher. The notifications', tooltips' and checklist's fetched
 * eight shared chunks between them (under 6 KB raw, 0.3 KB more brotli once each carries its own copy),
 * each a request and a module task on the host page's main thread (bench/host-impact.ts). What they
 * share with other chunks comes twice when both load; none of it holds state another chunk reads (the
 * takeover slot is the host's, src/shared/takeover-slot.ts).
 */
const chunksBuiltAlone = [
  "launcher",
  "messenger",
  "banner",
  "tours",
  "notifications",
  "tooltips",
  "checklist",
] as const;

/**
 * Every file a bundle or the declarations' compiler read in this process, for the build stamp
 * (scripts/build/build-stamp.ts). Only ever added to, so no build loses another's reads.
 */
const readByBuild = new Set<string>();

export class BuildError extends Error {
  override name = "BuildError";
}

async function bundle(config: BuildConfig): Promise<BuildOutput & { metafile: BuildMetafile }> {
  const result = await Bun.build({ target: "browser", metafile: true, ...config });
  if (!result.success || !result.metafile) {
    throw new BuildError(
      `Build of ${config.entrypoints.join(", ")} failed:\n${result.logs.map((log) => String(log)).join("\n")}`,
    );
  }
  for (const input of Object.keys(result.metafile.inputs)) readByBuild.add(resolve(input));
  return result as BuildOutput & { metafile: BuildMetafile };
}

/** Metafile output paths are relative to the outdir (entry points to the working directory). */
const outputs = (metafile: BuildMetafile, outdir: string) =>
  Object.entries(metafile.outputs).map(([path, output]) => ({ path: resolve(outdir, path), output }));

/** The JavaScript output of an entry (its CSS bundle names the same entry point). */
function entryOutput(metafile: BuildMetafile, outdir: string, entryPoint: string) {
  const found = outputs(metafile, outdir).find(
    ({ path, output }) =>
      path.endsWith(".js") && output.entryPoint && resolve(output.entryPoint) === entryPoint,
  );
  if (!found) throw new BuildError(`No output for entry ${entryPoint}`);
  return found;
}

type OutputsByPath = Map<string, BuildMetafile["outputs"][string]>;

/** Every chunk `start` imports statically, directly or through another (into `found`). */
function staticImports(all: OutputsByPath, dir: string, start: string, found = new Set<string>()) {
  for (const imported of all.get(start)?.imports ?? []) {
    if (imported.kind !== "import-statement") continue;
    const target = resolve(dir, imported.path);
    if (found.has(target)) continue;
    found.add(target);
    staticImports(all, dir, target, found);
  }
  return found;
}

/**
 * The entry's script, its CSS bundle and every chunk it imports statically (to preload); with
 * `routeModules` (src/shared/admin-route-modules.ts) also each address pattern's lazy chunks.
 */
function appEntry(
  metafile: BuildMetafile,
  entryPoint: string,
  dir: string,
  urlBase: string,
  routeModules?: typeof adminRouteModules,
): AppEntry {
  const all: OutputsByPath = new Map(outputs(metafile, dir).map(({ path, output }) => [path, output]));
  const url = (path: string) => `${urlBase}/${relative(dir, path).split("\\").join("/")}`;
  const entry = entryOutput(metafile, dir, entryPoint);
  const preload = staticImports(all, dir, entry.path);
  const cssBundle = entry.output.cssBundle ? [url(resolve(dir, entry.output.cssBundle))] : [];
  const app: AppEntry = { script: url(entry.path), css: cssBundle, preload: [...preload].map(url) };
  if (!routeModules) return app;
  // What every page has already (the entry and its preloads) is left out of a route's list.
  const loaded = new Set([entry.path, ...preload]);
  const routes = routeModules.map(({ pattern, modules }) => {
    const chunks = new Set<string>();
    for (const module of modules) {
      const chunk = lazyChunk(metafile, dir, module);
      for (const path of [chunk, ...staticImports(all, dir, chunk)]) if (!loaded.has(path)) chunks.add(path);
    }
    return { pattern, preload: [...chunks].map(url) };
  });
  return { ...app, routes };
}

/** The chunk of a module the app imports lazily (`import()`); a module that is none fails the build. */
function lazyChunk(metafile: BuildMetafile, dir: string, module: string): string {
  const source = resolve(root, module);
  const found = outputs(metafile, dir).find(
    ({ path, output }) => path.endsWith(".js") && output.entryPoint && resolve(output.entryPoint) === source,
  );
  if (!found)
    throw new BuildError(`${module} (src/shared/admin-route-modules.ts) is not a lazy chunk of the admin`);
  return found.path;
}

/**
 * Builds apps that are served from one folder in one pass, so they share their common code (React) as
 * chunks: the messenger, banner and modal frames of the messenger origin are cached once.
 */
async function buildApps<Name extends string>(
  entries: Record<Name, string>,
  outdir: string,
  urlBase: string,
  minify: boolean,
  routeModules?: typeof adminRouteModules,
  banner?: string,
): Promise<Record<Name, AppEntry>> {
  const entryPoints = Object.entries<string>(entries).map(
    ([name, entry]) => [name, join(root, entry)] as const,
  );
  const { metafile } = await bundle({
    entrypoints: entryPoints.map(([, entryPoint]) => entryPoint),
    outdir,
    splitting: true,
    minChunkSize: appMinChunkBytes,
    format: "esm",
    minify,
    naming: hashedNames,
    define: production,
    ...(banner ? { banner } : {}),
  });
  return Object.fromEntries(
    entryPoints.map(([name, entryPoint]) => [
      name,
      appEntry(metafile, entryPoint, outdir, urlBase, routeModules),
    ]),
  ) as Record<Name, AppEntry>;
}

/** The admin SPA on the main origin, with the lazy chunks its addresses preload (admin-route-modules.ts). */
async function buildAdmin(out: string, minify: boolean): Promise<AppEntry> {
  const { admin } = await buildApps(
    { admin: "src/admin/admin-main.tsx" },
    join(out, "main", "assets"),
    "/assets",
    minify,
    adminRouteModules,
  );
  return admin;
}

/**
 * The messenger origin's frame apps. Their first screen runs most of React DOM and of its own code as it
 * starts: with V8's compile hint it is compiled while the files stream in, rather than function by
 * function on the frame's main thread (545 lazy compiles, about a quarter of a traced first open:
 * bench/messenger-interactive.ts --trace).
 */
function buildFrameApps(out: string, minify: boolean) {
  return buildApps(
    {
      messenger: "src/messenger/messenger-main.tsx",
      banner: "src/messenger/banner-main.tsx",
      modal: "src/messenger/modal-main.tsx",
      builder: "src/messenger/builder-main.tsx",
    },
    join(out, "messenger", "assets"),
    "/assets",
    minify,
    undefined,
    compileHint,
  );
}

/**
 * `dist/npm`: the host API as an ES module for bundlers, with declarations generated from the typed
 * public API (`loader/host-api.ts`). The chunks it loads come from the `sdk/` folder beside the API URL
 * the host sets, so the chunk names of this same build are baked in.
 */
async function buildModuleEntry(out: string, widgetChunks: Record<string, string>, minify: boolean) {
  const npmDir = join(out, "npm");
  const defaultApiUrl = `${(process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/+$/, "")}/api/widget`;
  await bundle({
    entrypoints: [join(root, "loader", "module.ts")],
    outdir: npmDir,
    format: "esm",
    minify,
    naming: "gleap.mjs",
    define: {
      ...production,
      __GLEAP_CHUNKS__: JSON.stringify(widgetChunks),
      __GLEAP_DEFAULT_API_URL__: JSON.stringify(defaultApiUrl),
    },
  });
  const declarations = join(out, "npm-declarations");
  const tsc = Bun.spawn(
    [
      join(root, "node_modules", ".bin", "tsc"),
      "-p",
      join(root, "loader", "tsconfig.module.json"),
      "--outDir",
      declarations,
      "--listFiles",
    ],
    {
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const [exitCode, output] = await Promise.all([tsc.exited, new Response(tsc.stdout).text()]);
  // --listFiles prints every file the compiler read, an absolute path a line, among its messages.
  const lines = output.split("\n");
  if (exitCode !== 0)
    throw new BuildError(`Declarations failed:\n${lines.filter((line) => !isAbsolute(line)).join("\n")}`);
  for (const line of lines) if (isAbsolute(line)) readByBuild.add(line);
  for (const file of await publishedDeclarations(declarations, "loader/module.d.ts")) {
    await Bun.write(join(npmDir, "types", file), Bun.file(join(declarations, file)));
  }
  await rm(declarations, { recursive: true, force: true });
  await Bun.write(
    join(npmDir, "gleap.d.ts"),
    'export { default } from "./types/loader/module.js";\nexport type * from "./types/loader/module.js";\n',
  );
  await Bun.write(
    join(npmDir, "package.json"),
    `${JSON.stringify({ name: "gleap-widget-sdk", type: "module", sideEffects: false, exports: { ".": { types: "./gleap.d.ts", import: "./gleap.mjs" } } }, null, 2)}\n`,
  );
}

/**
 * The declaration files `entry` reaches through relative imports, as paths under `dir`. tsc writes one
 * for every file the program reads; only these are published, in the same layout, so their relative
 * imports still resolve.
 */
async function publishedDeclarations(dir: string, entry: string): Promise<string[]> {
  const reached = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const text = await Bun.file(join(dir, file)).text();
    for (const [, specifier] of text.matchAll(/from\s*"(\.{1,2}\/[^"]+)\.[jt]s"/g)) {
      pending.push(join(dirname(file), `${specifier}.d.ts`));
    }
  }
  return [...reached];
}

/**
 * The loader's late file (loader/late-chunk.ts), fetched beside the session's first request: built
 * alone like the loader, so the few shared helpers it holds are copied in rather than split into
 * chunks of their own, which it would fetch one request later. Answers its name in `sdkDir`.
 */
async function buildLateFile(sdkDir: string, minify: boolean): Promise<string> {
  const entry = join(root, "loader", "late-chunk.ts");
  return builtName(await bundleHostModules([entry], sdkDir, minify), sdkDir, entry);
}

/** ES modules the loader imports into host pages (the widget's chunks, its late file), into `sdkDir`. */
function bundleHostModules(
  entrypoints: string[],
  sdkDir: string,
  minify: boolean,
  extra: Pick<BuildConfig, "splitting" | "plugins"> = {},
) {
  return bundle({
    entrypoints,
    outdir: sdkDir,
    format: "esm",
    minify,
    naming: hashedNames,
    define: production,
    banner: compileHint,
    ...extra,
  });
}

/** The file an entry was built into, by its name in `sdkDir`. */
const builtName = (built: { metafile: BuildMetafile }, sdkDir: string, entry: string) =>
  relative(sdkDir, entryOutput(built.metafile, sdkDir, entry).path);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const brotliCompressAsync = promisify(brotliCompress);

async function compressOne(origin: BuiltFile["origin"], originDir: string, path: string): Promise<BuiltFile> {
  const raw = new Uint8Array(await Bun.file(path).arrayBuffer());
  const gzip = Bun.gzipSync(raw, { level: 9 });
  const brotli = await brotliCompressAsync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  await Bun.write(`${path}.gz`, gzip);
  await Bun.write(`${path}.br`, brotli);
  return {
    origin,
    path: `/${relative(originDir, path).split("\\").join("/")}`,
    bytes: raw.byteLength,
    gzip: gzip.byteLength,
    brotli: brotli.byteLength,
  };
}

/**
 * Brotli at quality 11 is most of a build's time. Bun runs node:zlib's asynchronous calls on its
 * thread pool, so the files are compressed side by side, on every core, rather than one by one.
 */
async function compressAndMeasure(outDir: string): Promise<BuiltFile[]> {
  const files: Array<Promise<BuiltFile>> = [];
  for (const origin of ["main", "messenger"] as const) {
    const originDir = join(outDir, origin);
    for (const path of (await listFiles(originDir)).sort()) {
      if (compressible.test(path)) files.push(compressOne(origin, originDir, path));
    }
  }
  return Promise.all(files);
}

/**
 * The widget's lazy chunks and the loader's own (socket, late file) in `sdkDir`: answers each one's file
 * name there, by chunk name.
 */
async function buildWidgetChunks(sdkDir: string, minify: boolean): Promise<Record<string, string>> {
  // A chunk entry is .tsx when it renders with React, .ts when it draws plain DOM (the launcher).
  const chunkEntries = builtChunkNames.map((name) => {
    const entry = join(root, "src", "widget", name, `${name}-chunk.ts`);
    return existsSync(entry) ? entry : `${entry}x`;
  });
  // The loader's own lazy part: the widget socket's reconnecting client, fetched as the SDK starts
  // instead of carried in the eager file (loader/socket-chunk.ts).
  const socketEntry = join(root, "loader", "socket-chunk.ts");
  // They run in host pages, under the host's CSP and on its main thread.
  const plugins = [vendorCspPlugin];
  const alone = new Map(
    await Promise.all(
      chunksBuiltAlone.map(async (name) => {
        const entry = chunkEntries[builtChunkNames.indexOf(name)] as string;
        return [entry, await bundleHostModules([entry], sdkDir, minify, { plugins })] as const;
      }),
    ),
  );
  const others = [...chunkEntries.filter((entry) => !alone.has(entry)), socketEntry];
  const widget = await bundleHostModules(others, sdkDir, minify, { splitting: true, plugins });
  const widgetChunks: Record<string, string> = { late: await buildLateFile(sdkDir, minify) };
  builtChunkNames.forEach((name, index) => {
    const entry = chunkEntries[index] as string;
    widgetChunks[name] = builtName(alone.get(entry) ?? widget, sdkDir, entry);
  });
  widgetChunks.socket = builtName(widget, sdkDir, socketEntry);
  return widgetChunks;
}

export async function buildAll({ outDir = join(root, "dist"), minify = true }: BuildOptions = {}) {
  const out = resolve(outDir);
  const before = await inputsBeforeBuild(root, buildSettings({ minify }));
  await rm(out, { recursive: true, force: true });
  const sdkDir = join(out, "main", "sdk");
  await mkdir(sdkDir, { recursive: true });

  // Widget chunks first: the loader is built with their hashed names baked in.
  const widgetChunks = await buildWidgetChunks(sdkDir, minify);

  const loader = await bundle({
    entrypoints: [join(root, "loader", "loader.ts")],
    outdir: sdkDir,
    format: "iife",
    minify,
    naming: "loader.js",
    define: {
      ...production,
      __GLEAP_CHUNKS__: JSON.stringify(widgetChunks),
    },
    banner: compileHint,
  });
  const heavy = Object.keys(loader.metafile.inputs).filter((input) =>
    /node_modules\/(react|react-dom)\//.test(input),
  );
  if (heavy.length > 0) throw new BuildError(`loader/ must not bundle React, but it pulls in ${heavy[0]}`);

  await buildModuleEntry(out, widgetChunks, minify);

  const admin = await buildAdmin(out, minify);
  const { messenger, banner, modal, builder } = await buildFrameApps(out, minify);
  await cp(join(root, "public"), join(out, "main"), { recursive: true });
  const builtAt = new Date().toISOString();
  const latest: LatestBuild = { admin: admin.script, builtAt };
  await Bun.write(join(out, "main", latestBuildPath), `${JSON.stringify(latest)}\n`);

  const manifest: BuildManifest = {
    version: 1,
    builtAt,
    loader: "/sdk/loader.js",
    widgetChunks: Object.fromEntries(
      Object.entries(widgetChunks).map(([name, file]) => [name, `/sdk/${file}`]),
    ),
    apps: { admin, messenger, banner, modal, builder },
    files: await compressAndMeasure(out),
  };
  await mkdir(dirname(join(out, manifestFileName)), { recursive: true });
  await Bun.write(join(out, manifestFileName), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeBuildStamp(out, root, before, readByBuild, builtAt, [serverBundleFolder]);
  return manifest;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A fixed-width table of every output's raw, gzip and brotli size. */
export function formatSizeTable(files: readonly BuiltFile[]): string {
  const rows = files.map((file) => [
    `${file.origin}${file.path}`,
    kb(file.bytes),
    kb(file.gzip),
    kb(file.brotli),
  ]);
  const header = ["file", "raw", "gzip", "brotli"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

/**
 * The command line's build: none when the one in `outDir` is current (scripts/build/build-stamp.ts:
 * every source, vendor file and setting as it was), so `npm start` on an unchanged checkout goes
 * straight to the server. `--force` builds anyway.
 */
async function buildUnlessCurrent(outDir: string | undefined, quiet: boolean) {
  const started = performance.now();
  const out = resolve(outDir || join(root, "dist"));
  const force = process.argv.includes("--force");
  const { reasons, builtAt } = force
    ? { reasons: ["--force"], builtAt: undefined }
    : await buildStaleness(out, root, buildSettings({ minify: true }), [serverBundleFolder]);
  if (reasons.length === 0) {
    const manifest = (await Bun.file(join(out, manifestFileName)).json()) as BuildManifest;
    if (!quiet) console.log(formatSizeTable(manifest.files));
    console.log(
      `${outDir || "dist/"} is current (built ${builtAt}, nothing it reads changed; --force builds anyway)`,
    );
  } else {
    if (builtAt) console.log(`Building again: ${reasons.join(", ")}`);
    const manifest = await buildAll({ outDir: out });
    if (!quiet) console.log(formatSizeTable(manifest.files));
    console.log(
      `Built ${manifest.files.length} files into ${outDir || "dist/"} in ${Math.round(performance.now() - started)} ms`,
    );
  }
  await bundleServerUnlessCurrent(out, force);
}

/** The server's bundle that `npm start` runs (scripts/build/server-bundle.ts), with its own stamp. */
async function bundleServerUnlessCurrent(out: string, force: boolean) {
  const reasons = force ? ["--force"] : await serverBundleStaleness(out);
  if (reasons.length === 0) return;
  const { files, ms } = await buildServerBundle(out);
  console.log(`Bundled the server into ${files} files in ${Math.round(ms)} ms (${reasons[0]})`);
}

if (import.meta.main) {
  try {
    // DIST_DIR (which the server reads too) lets parallel e2e runs build and serve apart.
    await buildUnlessCurrent(process.env.DIST_DIR?.trim(), process.argv.includes("--quiet"));
  } catch (error) {
    console.error(error instanceof BuildError ? error.message : error);
    process.exit(1);
  }
}
