import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  type BuildInputs,
  fingerprintChanges,
  fingerprintOf,
  listedFiles,
  missingFile,
} from "./build-fingerprint.ts";

let root: string;

const inputs: BuildInputs = {
  listed: ["src/**", "public/**"],
  unlisted: ["src/server/**", "**/*.test.ts"],
  files: ["package.json", "node_modules/lib/index.js"],
  settings: { PUBLIC_URL: "", minify: "true" },
};

async function put(path: string, text: string) {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

/** What changed in the tree since `before`, as build-stamp.ts would report it. */
async function changesSince(before: Awaited<ReturnType<typeof fingerprintOf>>, changed = inputs) {
  return fingerprintChanges(before, await fingerprintOf(root, changed));
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "build-fingerprint-"));
  await put("src/app.ts", "export const app = 1;\n");
  await put("src/widget/launcher-chunk.ts", "export {};\n");
  await put("src/server/server.ts", "export {};\n");
  await put("src/app.test.ts", "test\n");
  await put("public/demo/index.html", "<h1>demo</h1>\n");
  await put("package.json", "{}\n");
  await put("node_modules/lib/index.js", "module.exports = 1;\n");
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe("fingerprintOf", () => {
  test("the same tree gives the same fingerprint, and no changes", async () => {
    const first = await fingerprintOf(root, inputs);
    expect(await fingerprintOf(root, inputs)).toEqual(first);
    expect(await changesSince(first)).toEqual([]);
  });

  test("lists the source folders without the globs left out", async () => {
    expect(await listedFiles(root, inputs.listed, inputs.unlisted)).toEqual([
      "public/demo/index.html",
      "src/app.ts",
      "src/widget/launcher-chunk.ts",
    ]);
  });

  test("an edited source is a change; written back as it was, it is none", async () => {
    const before = await fingerprintOf(root, inputs);
    await put("src/app.ts", "export const app = 2;\n");
    expect(await changesSince(before)).toEqual(["src/app.ts changed"]);
    await put("src/app.ts", "export const app = 1;\n");
    expect(await changesSince(before)).toEqual([]);
  });

  test("a new modification time with the same bytes is no change", async () => {
    const before = await fingerprintOf(root, inputs);
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, "src/app.ts"), later, later);
    expect(await changesSince(before)).toEqual([]);
  });

  test("a file added to or removed from a source folder is a change", async () => {
    const before = await fingerprintOf(root, inputs);
    await put("src/widget/tours-chunk.ts", "export {};\n");
    await rm(join(root, "public/demo/index.html"));
    expect(await changesSince(before)).toEqual([
      "public/demo/index.html removed",
      "src/widget/tours-chunk.ts added",
    ]);
  });

  test("files in the globs left out are not inputs", async () => {
    const before = await fingerprintOf(root, inputs);
    await put("src/server/server.ts", "export const changed = true;\n");
    await put("src/other.test.ts", "test\n");
    expect(await changesSince(before)).toEqual([]);
  });

  test("a named file outside the folders counts by its bytes, and missing when it is gone", async () => {
    const before = await fingerprintOf(root, inputs);
    await put("node_modules/lib/index.js", "module.exports = 2;\n");
    expect(await changesSince(before)).toEqual(["node_modules/lib/index.js changed"]);
    await rm(join(root, "package.json"));
    const after = await fingerprintOf(root, inputs);
    expect(after.files["package.json"]).toBe(missingFile);
    expect(fingerprintChanges(before, after)).toContain("package.json removed");
  });

  test("a changed setting is a change", async () => {
    const before = await fingerprintOf(root, inputs);
    const changed = { ...inputs, settings: { ...inputs.settings, PUBLIC_URL: "https://feedback.example" } };
    expect(await changesSince(before, changed)).toEqual(["PUBLIC_URL changed"]);
  });

  test("many changes are cut to a few lines and a count", async () => {
    const before = await fingerprintOf(root, inputs);
    for (const name of ["a", "b", "c", "d", "e", "f", "g"]) await put(`src/${name}.ts`, name);
    const changes = await changesSince(before);
    expect(changes).toHaveLength(6);
    expect(changes[5]).toBe("and 2 more");
  });
});
