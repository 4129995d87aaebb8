import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startBeforeAll } from "./test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";

let server: TestServer;

startBeforeAll(startTestServer, async (started) => {
  server = started;
  // As build.ts copies public/sounds/ into the main origin.
  await Bun.write(join(server.distDir, "main", "sounds", "ping.wav"), new Uint8Array([82, 73, 70, 70]));
});

describe("files host pages use from another origin", () => {
  test("the widget's sounds may be played by any host page, also under COEP require-corp", async () => {
    const response = await fetch(`${server.mainUrl}/sounds/ping.wav`);
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  test("other public files stay same-origin", async () => {
    const response = await fetch(`${server.mainUrl}/flags/de.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cross-origin-resource-policy")).toBeNull();
  });
});
