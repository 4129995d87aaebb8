import { describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BuildManifest } from "../shared/build-manifest.ts";
import { fixtureManifest, writeFixtureDist } from "./test-support/fixture-dist.ts";
import { startBeforeAll } from "./test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";

let server: TestServer;

/** The fixture build with the admin's route preloads, as build.ts writes them. */
async function distWithRoutes(): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "admin-route-preload-"));
  await writeFixtureDist(dir);
  const manifest: BuildManifest = structuredClone(fixtureManifest);
  manifest.apps.admin.routes = [
    { pattern: "^/dashboard(/.*)?$", preload: ["/assets/chunk-dashboard1.js"] },
    { pattern: "^/dashboard/inbox/?$", preload: ["/assets/chunk-inbox1.js", "/assets/chunk-inbox2.js"] },
  ];
  await Bun.write(join(dir, "manifest.json"), JSON.stringify(manifest));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

startBeforeAll(
  async () => {
    const dist = await distWithRoutes();
    const started = await startTestServer({ DIST_DIR: dist.dir });
    return {
      server: started,
      async dispose() {
        await started.dispose();
        await dist.dispose();
      },
    };
  },
  (started) => {
    server = started.server;
  },
);

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" nonce="[^"]+">/g)].map((match) => match[1]);

describe("the admin page preloads the lazy code of the screen at its address", () => {
  test("the inbox: the entry's chunk, then the dashboard's and the inbox's, after the entry", async () => {
    const response = await fetch(`${server.mainUrl}/dashboard/inbox`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(preloads(html)).toEqual([
      "/assets/chunk-efgh5678.js",
      "/assets/chunk-dashboard1.js",
      "/assets/chunk-inbox1.js",
      "/assets/chunk-inbox2.js",
    ]);
    expect(html.indexOf("chunk-dashboard1.js")).toBeGreaterThan(html.indexOf("admin-main-abcd1234.js"));
  });

  test("another dashboard screen: the dashboard's chunk alone", async () => {
    const html = await (await fetch(`${server.mainUrl}/dashboard/users/42`)).text();
    expect(preloads(html)).toEqual(["/assets/chunk-efgh5678.js", "/assets/chunk-dashboard1.js"]);
  });

  test("the sign-in page and an unknown page: the entry's chunk only", async () => {
    for (const path of ["/login", "/", "/no/such/page"]) {
      const html = await (await fetch(`${server.mainUrl}${path}`)).text();
      expect({ path, preloads: preloads(html) }).toEqual({ path, preloads: ["/assets/chunk-efgh5678.js"] });
    }
  });
});
