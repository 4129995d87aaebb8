import { existsSync, readFileSync } from "node:fs";
import { readdir, rename, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { array, type Infer, is, literal, number, object, record, string } from "superstruct";
import {
  type BuildFingerprint,
  type BuildInputs,
  fingerprintChanges,
  fingerprintOf,
} from "./build-fingerprint.ts";

/**
 * `dist/build-stamp.json`: what the build in that folder was made from, so that `npm start` (and every
 * `build.ts` run) builds only when something changed. Written last, after every output; a build that
 * fails or is cut short leaves none, and the next run builds. It sits beside the manifest, outside the
 * folders the server serves.
 */
export const buildStampFileName = "build-stamp.json";

/** Which source files a build counts: the listed globs, but for the unlisted ones. */
export interface BuildSources {
  listed: readonly string[];
  unlisted: readonly string[];
}

/**
 * The browser build's sources: every file there counts by its bytes, and a file added or removed
 * counts too. Left out: tests, which no bundle imports, and the server, which has a bundle of its own
 * (should a browser bundle import a server file after all, the bundler's record of what it read names
 * it).
 */
export const browserSources: BuildSources = {
  listed: ["loader/**", "src/**", "public/**", "scripts/build/**"],
  unlisted: ["src/server/**", "**/*.test.ts", "**/*.test.tsx"],
};

/** Files at the root that shape every build: the dependencies installed, the compiler's settings. */
const configFiles = [
  "package.json",
  "package-lock.json",
  "node_modules/.package-lock.json",
  "tsconfig.json",
  "bunfig.toml",
];

/** The build script and every module of this repository it imports (packages count by the lockfile). */
function buildScriptFiles(root: string, script: string): string[] {
  const transpiler = new Bun.Transpiler({ loader: "ts" });
  const seen = new Set<string>();
  const queue = [join(root, script)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Other files it imports (JSON) count by their bytes; a missing one counts as missing.
    if (!/\.[cm]?[jt]sx?$/.test(file) || !existsSync(file)) continue;
    for (const { path } of transpiler.scanImports(readFileSync(file, "utf8"))) {
      if (path.startsWith(".")) queue.push(resolve(dirname(file), path));
    }
  }
  return [...seen].map((file) => relativePath(root, file));
}

const relativePath = (root: string, path: string) => relative(root, path).split(sep).join("/");

/**
 * What shapes the output besides files: Bun (its bundler and minifier), the options, and the
 * environment build.ts reads (PUBLIC_URL, baked into the npm module). A new setting read by the build
 * belongs here.
 */
export function buildSettings({ minify }: { minify: boolean }): Record<string, string> {
  return {
    bun: `${Bun.version} (${Bun.revision})`,
    minify: String(minify),
    PUBLIC_URL: process.env.PUBLIC_URL ?? "",
  };
}

/** The inputs and their fingerprint, taken before a build reads them. */
export interface InputsBeforeBuild {
  inputs: BuildInputs;
  fingerprint: BuildFingerprint;
}

/**
 * Takes the fingerprint before the bundler reads anything: a source edited while the build runs then
 * differs from what the stamp records, and the next run builds again rather than keep a bundle made
 * from the old text.
 */
export async function inputsBeforeBuild(
  root: string,
  settings: Record<string, string>,
  { script = "build.ts", sources = browserSources }: { script?: string; sources?: BuildSources } = {},
): Promise<InputsBeforeBuild> {
  const inputs: BuildInputs = {
    listed: sources.listed,
    unlisted: sources.unlisted,
    files: [...configFiles, ...buildScriptFiles(root, script)],
    settings,
  };
  return { inputs, fingerprint: await fingerprintOf(root, inputs) };
}

const BuildStamp = object({
  version: literal(1),
  builtAt: string(),
  inputs: object({
    listed: array(string()),
    unlisted: array(string()),
    files: array(string()),
    settings: record(string(), string()),
  }),
  fingerprint: object({ files: record(string(), string()), settings: record(string(), string()) }),
  /** Every file the build wrote, by its path under the output folder, with its size. */
  outputs: record(string(), number()),
});
type BuildStamp = Infer<typeof BuildStamp>;

/**
 * Every output in `outDir` with its size, but for the stamp and the folders of `builtApart` (a build
 * with a stamp of its own inside this one's folder: the server's bundle).
 */
async function outputsOf(outDir: string, builtApart: readonly string[]): Promise<Record<string, number>> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const sizes: Record<string, number> = {};
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relativePath(outDir, join(entry.parentPath, entry.name)))
    .filter((path) => path !== buildStampFileName && !path.startsWith(`${buildStampFileName}.`))
    .filter((path) => !builtApart.some((folder) => path.startsWith(`${folder}/`)))
    .sort();
  for (const path of files) sizes[path] = (await stat(join(outDir, path))).size;
  return sizes;
}

/**
 * Records a finished build in `outDir`: the inputs taken before it, with the files the bundler and the
 * compiler read outside the source folders (vendor code, type declarations; `read`, absolute paths)
 * hashed now, and every output. Written under another name and renamed, so a stamp is whole or absent.
 */
export async function writeBuildStamp(
  outDir: string,
  root: string,
  before: InputsBeforeBuild,
  read: Iterable<string>,
  builtAt: string,
  builtApart: readonly string[] = [],
): Promise<void> {
  const extra = [...new Set([...read].map((path) => relativePath(root, resolve(path))))]
    .filter((path) => !(path in before.fingerprint.files))
    .sort();
  const after = await fingerprintOf(root, { listed: [], unlisted: [], files: extra, settings: {} });
  const stamp: BuildStamp = {
    version: 1,
    builtAt,
    inputs: {
      listed: [...before.inputs.listed],
      unlisted: [...before.inputs.unlisted],
      files: [...new Set([...before.inputs.files, ...extra])].sort(),
      settings: { ...before.inputs.settings },
    },
    fingerprint: {
      files: { ...after.files, ...before.fingerprint.files },
      settings: before.fingerprint.settings,
    },
    outputs: await outputsOf(outDir, builtApart),
  };
  const path = join(outDir, buildStampFileName);
  await Bun.write(`${path}.partial`, JSON.stringify(stamp));
  await rename(`${path}.partial`, path);
}

async function readStamp(outDir: string): Promise<BuildStamp | null> {
  try {
    const data: unknown = await Bun.file(join(outDir, buildStampFileName)).json();
    return is(data, BuildStamp) ? data : null;
  } catch {
    return null;
  }
}

function outputChanges(recorded: Record<string, number>, found: Record<string, number>): string[] {
  const changes: string[] = [];
  for (const path of new Set([...Object.keys(recorded), ...Object.keys(found)])) {
    if (!(path in found)) changes.push(`output ${path} missing`);
    else if (!(path in recorded)) changes.push(`output ${path} not from this build`);
    else if (recorded[path] !== found[path]) changes.push(`output ${path} changed`);
  }
  return changes;
}

/** Whether the build in `outDir` is current: the reasons to build again, none when it is. */
export async function buildStaleness(
  outDir: string,
  root: string,
  settings: Record<string, string>,
  builtApart: readonly string[] = [],
): Promise<{ reasons: string[]; builtAt?: string }> {
  const stamp = await readStamp(outDir);
  if (!stamp) return { reasons: [`no ${buildStampFileName} in ${outDir}`] };
  const outputs = outputChanges(stamp.outputs, await outputsOf(outDir, builtApart));
  if (outputs.length > 0) return { reasons: outputs.slice(0, 5), builtAt: stamp.builtAt };
  const now = await fingerprintOf(root, { ...stamp.inputs, settings });
  return { reasons: fingerprintChanges(stamp.fingerprint, now), builtAt: stamp.builtAt };
}
