import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  buildSettings,
  buildStaleness,
  buildStampFileName,
  inputsBeforeBuild,
  writeBuildStamp,
} from "./build-stamp.ts";

// A checkout in miniature: a build script with a helper, sources, a vendor file, and a "build" whose
// outputs are plain files, so each rule is seen without running the bundler.
let root: string;
let outDir: string;
const settings = buildSettings({ minify: true });
const builtAt = "2026-01-01T00:00:00.000Z";

async function put(path: string, text: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** What `build.ts` does around a build: inputs first, then the outputs, then the stamp. */
async function build(read: string[] = [join(root, "node_modules/react/index.js")]) {
  const before = await inputsBeforeBuild(root, settings);
  await rm(outDir, { recursive: true, force: true });
  await put(join(outDir, "manifest.json"), "{}\n");
  await put(join(outDir, "main/sdk/loader.js"), "loader();\n");
  await writeBuildStamp(outDir, root, before, read, builtAt);
}

const staleness = async (current = settings) => (await buildStaleness(outDir, root, current)).reasons;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "build-stamp-"));
  outDir = join(root, "dist");
  await put(join(root, "build.ts"), 'import "./scripts/build/plugin.ts";\n');
  await put(join(root, "scripts/build/plugin.ts"), "export const plugin = 1;\n");
  await put(join(root, "package.json"), "{}\n");
  await put(join(root, "src/admin/admin-main.tsx"), "export const admin = 1;\n");
  await put(join(root, "src/server/server.ts"), "export {};\n");
  await put(join(root, "loader/loader.ts"), "export {};\n");
  await put(join(root, "public/demo/index.html"), "<h1>demo</h1>\n");
  await put(join(root, "node_modules/react/index.js"), "module.exports = {};\n");
  await build();
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe("the build stamp", () => {
  test("an unchanged checkout needs no build", async () => {
    expect(await buildStaleness(outDir, root, settings)).toEqual({ reasons: [], builtAt });
  });

  test("an edited source needs one, and once built again none", async () => {
    await put(join(root, "src/admin/admin-main.tsx"), "export const admin = 2;\n");
    expect(await staleness()).toEqual(["src/admin/admin-main.tsx changed"]);
    await build();
    expect(await staleness()).toEqual([]);
  });

  test("a new public file, a vendor file, the build script's helper and the lockfile count", async () => {
    await put(join(root, "public/sounds/ping.wav"), "RIFF");
    await put(join(root, "node_modules/react/index.js"), "module.exports = { patched: true };\n");
    await put(join(root, "scripts/build/plugin.ts"), "export const plugin = 2;\n");
    await put(join(root, "package-lock.json"), '{ "lockfileVersion": 3 }\n');
    expect((await staleness()).sort()).toEqual([
      "node_modules/react/index.js changed",
      "package-lock.json added",
      "public/sounds/ping.wav added",
      "scripts/build/plugin.ts changed",
    ]);
  });

  test("server code and tests are not the browser build's inputs", async () => {
    await put(join(root, "src/server/server.ts"), "export const started = true;\n");
    await put(join(root, "src/admin/admin-main.test.ts"), "test\n");
    expect(await staleness()).toEqual([]);
  });

  test("another PUBLIC_URL or Bun needs a build", async () => {
    expect(await staleness({ ...settings, PUBLIC_URL: "https://feedback.example" })).toEqual([
      "PUBLIC_URL changed",
    ]);
    expect(await staleness({ ...settings, bun: "0.0.0 (other)" })).toEqual(["bun changed"]);
  });

  test("an output removed, changed or added needs a build", async () => {
    await rm(join(outDir, "main/sdk/loader.js"));
    expect(await staleness()).toEqual(["output main/sdk/loader.js missing"]);
    await put(join(outDir, "main/sdk/loader.js"), "loader(); // edited\n");
    expect(await staleness()).toEqual(["output main/sdk/loader.js changed"]);
    await put(join(outDir, "main/sdk/loader.js"), "loader();\n");
    await put(join(outDir, "main/stray.js"), "1");
    expect(await staleness()).toEqual(["output main/stray.js not from this build"]);
  });

  test("no stamp, or one that is not whole, needs a build", async () => {
    await writeFile(join(outDir, buildStampFileName), '{ "version": 1, "builtAt": ');
    expect(await staleness()).toEqual([`no ${buildStampFileName} in ${outDir}`]);
    await rm(join(outDir, buildStampFileName));
    expect(await staleness()).toEqual([`no ${buildStampFileName} in ${outDir}`]);
  });

  test("a source edited while the build ran shows at the next run", async () => {
    const before = await inputsBeforeBuild(root, settings);
    // The bundler would read this text; the stamp keeps what was there when the build began.
    await put(join(root, "src/admin/admin-main.tsx"), "export const admin = 3;\n");
    await writeBuildStamp(outDir, root, before, [], builtAt);
    expect(await staleness()).toEqual(["src/admin/admin-main.tsx changed"]);
  });

  test("a build with its own stamp in a folder of another's: each counts its own sources and outputs", async () => {
    // As the server's bundle sits in dist/server/ (scripts/build/server-bundle.ts).
    const apart = ["server"];
    const serverOut = join(outDir, "server");
    const serverSources = { listed: ["src/server/**"], unlisted: ["**/*.test.ts"] };
    const buildServer = async (text = "serve();\n") => {
      const before = await inputsBeforeBuild(root, settings, { sources: serverSources });
      await put(join(serverOut, "main.js"), text);
      await writeBuildStamp(serverOut, root, before, [], builtAt);
    };
    await buildServer();
    await writeBuildStamp(outDir, root, await inputsBeforeBuild(root, settings), [], builtAt, apart);
    const browser = async () => (await buildStaleness(outDir, root, settings, apart)).reasons;
    const server = async () => (await buildStaleness(serverOut, root, settings)).reasons;
    expect(await browser()).toEqual([]);
    expect(await server()).toEqual([]);

    await put(join(root, "src/server/server.ts"), "export const started = true;\n");
    await buildServer("serve(started);\n");
    expect(await server()).toEqual([]);
    // The browser build neither reads the server's sources nor owns its outputs.
    expect(await browser()).toEqual([]);
    await put(join(root, "src/server/server.ts"), "export const started = false;\n");
    expect(await server()).toEqual(["src/server/server.ts changed"]);
    await put(join(root, "src/admin/admin-main.tsx"), "export const admin = 4;\n");
    expect(await server()).toEqual(["src/server/server.ts changed"]);
    expect(await browser()).toEqual(["src/admin/admin-main.tsx changed"]);
  });
});
