import { describe, expect, test } from "bun:test";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadBuildManifest } from "./build-manifest-loader.ts";
import { StartupError } from "./startup-error.ts";
import { fixtureManifest } from "./test-support/fixture-dist.ts";
import { temporaryFolder } from "./test-support/temporary-folder.ts";
import { startedBeforeAll } from "./test-support/test-lifecycle.ts";

const work = startedBeforeAll(() => temporaryFolder("build-manifest-test-"));

async function distWith(name: string, manifest?: string): Promise<string> {
  const distDir = join(work.dir, name);
  await mkdir(distDir, { recursive: true });
  if (manifest !== undefined) await writeFile(join(distDir, "manifest.json"), manifest);
  return distDir;
}

async function startupError(distDir: string): Promise<StartupError> {
  try {
    await loadBuildManifest(distDir);
  } catch (error) {
    if (error instanceof StartupError) return error;
    throw error;
  }
  throw new Error(`loadBuildManifest accepted ${distDir}`);
}

describe("loadBuildManifest", () => {
  test("a missing manifest throws a StartupError asking for npm run build", async () => {
    const distDir = await distWith("missing");
    const error = await startupError(distDir);
    expect(error.message).toContain('run "npm run build" first');
    expect(error.message).toContain(distDir);
    expect(error.message).toContain("manifest.json");
  });

  test("a missing dist folder throws the same StartupError", async () => {
    const error = await startupError(join(work.dir, "no-such-dist"));
    expect(error.message).toContain("npm run build");
  });

  test("a manifest of the wrong shape throws a StartupError naming the file", async () => {
    const distDir = await distWith("wrong-shape", JSON.stringify({ ...fixtureManifest, version: 2 }));
    const error = await startupError(distDir);
    expect(error.message).toStartWith(`${join(distDir, "manifest.json")} is not a valid build manifest: `);
  });

  test("a manifest that is not JSON throws a StartupError, not a SyntaxError", async () => {
    const distDir = await distWith("not-json", "{ half a manifest");
    const error = await startupError(distDir);
    expect(error.message).toBe(
      `${join(distDir, "manifest.json")} is not valid JSON: run "npm run build" again`,
    );
  });

  test("a manifest missing an app throws a StartupError", async () => {
    const { messenger: _messenger, ...apps } = fixtureManifest.apps;
    const distDir = await distWith("no-messenger", JSON.stringify({ ...fixtureManifest, apps }));
    const error = await startupError(distDir);
    expect(error.message).toContain("is not a valid build manifest");
  });

  test("a JSON array throws a StartupError", async () => {
    const distDir = await distWith("array", "[]");
    const error = await startupError(distDir);
    expect(error.message).toContain("is not a valid build manifest");
  });

  test("a manifest whose files are not a list throws a StartupError", async () => {
    const distDir = await distWith("files-not-a-list", JSON.stringify({ ...fixtureManifest, files: {} }));
    const error = await startupError(distDir);
    expect(error.message).toContain("is not a valid build manifest: At path: files");
  });

  test("a valid manifest loads as written", async () => {
    const distDir = await distWith("valid", JSON.stringify(fixtureManifest));
    expect(await loadBuildManifest(distDir)).toEqual(fixtureManifest);
  });
});
