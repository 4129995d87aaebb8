import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { BuildManifest } from "../../shared/build-manifest.ts";

/**
 * A small dist/ with the shape build.ts writes, so server tests need no full build. Its file contents
 * are markers the tests look for.
 */
export const fixtureFiles: Record<string, string> = {
  "main/sdk/loader.js": "/* loader */",
  "main/sdk/launcher-chunk-abcd1234.js": "/* launcher chunk */",
  "main/assets/admin-main-abcd1234.js": "/* admin entry */",
  "main/assets/chunk-efgh5678.js": "/* admin shared chunk */",
  "main/assets/admin-main-abcd1234.css": "body{}",
  "main/demo/index.html": "<!doctype html><title>demo</title>",
  "main/flags/de.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  "messenger/assets/messenger-main-abcd1234.js": "/* messenger entry */",
  "messenger/assets/banner-main-abcd1234.js": "/* banner entry */",
  "messenger/assets/modal-main-abcd1234.js": "/* modal entry */",
  "messenger/assets/banner-main-abcd1234.css": "body{}",
};

export const fixtureManifest: BuildManifest = {
  version: 1,
  builtAt: "2026-01-01T00:00:00.000Z",
  loader: "/sdk/loader.js",
  widgetChunks: { launcher: "/sdk/launcher-chunk-abcd1234.js" },
  apps: {
    admin: {
      script: "/assets/admin-main-abcd1234.js",
      css: ["/assets/admin-main-abcd1234.css"],
      preload: ["/assets/chunk-efgh5678.js"],
    },
    messenger: { script: "/assets/messenger-main-abcd1234.js", css: [], preload: [] },
    banner: {
      script: "/assets/banner-main-abcd1234.js",
      css: ["/assets/banner-main-abcd1234.css"],
      preload: [],
    },
    modal: { script: "/assets/modal-main-abcd1234.js", css: [], preload: [] },
    builder: { script: "/assets/builder-main-abcd1234.js", css: [], preload: [] },
  },
  files: [],
};

export async function writeFixtureDist(distDir: string): Promise<void> {
  for (const [path, content] of Object.entries(fixtureFiles)) {
    const full = join(distDir, path);
    await mkdir(dirname(full), { recursive: true });
    await Bun.write(full, content);
  }
  // One precompressed sibling, as build.ts writes them, to exercise content negotiation.
  await Bun.write(
    join(distDir, "main/sdk/loader.js.br"),
    brotliCompressSync(fixtureFiles["main/sdk/loader.js"] ?? ""),
  );
  await Bun.write(join(distDir, "manifest.json"), JSON.stringify(fixtureManifest));
}
