import { describe, expect, test } from "bun:test";
import { requestHostCheck } from "../../messenger/shell/host-check-request.ts";
import { frameHostPath } from "../../shared/frame-host-api.ts";
import { updateProjectSettings } from "../domain/projects/projects-repository.ts";
import { expectError } from "../test-support/api-calls.ts";
import { createOtherProject, demoProjectId } from "../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { writtenByHand } from "../test-support/written-by-hand.ts";

/**
 * A messenger frame opened without a project in its URL asks the server whether its host page's origin
 * may show the project the host names (src/shared/frame-host-api.ts). The request comes from the
 * messenger origin, as the frame sends it: that origin alone would pass the API's own origin check for
 * any project, so the answer must come from the host origin in the body.
 */

let server: TestServer;
// Lists only the shop; the demo project lists nothing (any host).
let listingKey = "";

startBeforeAll(startTestServer, async (started) => {
  server = started;
  const id = await createOtherProject(server.db.sql);
  await writtenByHand(
    server,
    updateProjectSettings(server.db.sql, id, { allowedOrigins: ["https://shop.example"] }),
  );
  const [row] = await server.db.sql`SELECT sdk_key FROM widget_projects WHERE id = ${id}`;
  listingKey = row.sdk_key;
});

const bind = (sdkKey: string, body: unknown) =>
  fetch(`${server.mainUrl}/api/widget${frameHostPath}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Api-Token": sdkKey,
      // Where the frame's own requests come from.
      Origin: new URL(server.messengerUrl).origin,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("POST /api/widget/frame-host", () => {
  test("a host origin the project lists may show its messenger", async () => {
    const response = await bind(listingKey, { origin: "https://shop.example" });
    expect(response.status).toBe(204);
  });

  test("a host origin the project does not list is refused with 403, though the request comes from the messenger", async () => {
    await expectError(await bind(listingKey, { origin: "https://elsewhere.example" }), 403, {
      error: "A page on https://elsewhere.example may not show this project's messenger",
      field: "origin",
    });
    // An opaque parent (a sandboxed page, a file) is no listed origin either.
    expect((await bind(listingKey, { origin: "null" })).status).toBe(403);
    // Near misses of the listed origin are other origins.
    expect((await bind(listingKey, { origin: "https://shop.example:8443" })).status).toBe(403);
    expect((await bind(listingKey, { origin: "http://shop.example" })).status).toBe(403);
  });

  test("a project that lists no origins lets any host show it, as its API and frame-ancestors do", async () => {
    expect((await bind("demo", { origin: "https://elsewhere.example" })).status).toBe(204);
    expect((await bind("demo", { origin: "null" })).status).toBe(204);
  });

  test("the messenger origin's own pages may show every project", async () => {
    const ours = new URL(server.messengerUrl).origin;
    expect((await bind(listingKey, { origin: ours })).status).toBe(204);
  });

  test("a project that starts listing origins refuses the hosts it no longer lets in", async () => {
    const demo = await demoProjectId(server.db.sql);
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, demo, { allowedOrigins: ["https://demo.example"] }),
    );
    try {
      expect((await bind("demo", { origin: "https://elsewhere.example" })).status).toBe(403);
      expect((await bind("demo", { origin: "https://demo.example" })).status).toBe(204);
    } finally {
      await writtenByHand(server, updateProjectSettings(server.db.sql, demo, { allowedOrigins: [] }));
    }
  });

  test("bad requests are 4xx with a clear message", async () => {
    await expectError(await bind(listingKey, {}), 400, {
      error: "origin is invalid: Expected a string, but received: undefined",
      field: "origin",
    });
    await expectError(await bind(listingKey, { origin: "" }), 400, {
      error:
        "origin is invalid: Expected a string with a length between `1` and `300` but received one with a length of `0`",
      field: "origin",
    });
    expect((await bind(listingKey, "not json")).status).toBe(400);
    await expectError(await bind("no-such-project", { origin: "https://shop.example" }), 401, {
      error: "Unknown SDK key",
    });
  });
});

describe("the frame's request (src/messenger/shell/host-check-request.ts) against the real server", () => {
  const check = (sdkKey: string, hostOrigin: string, apiUrl = `${server.mainUrl}/api/widget/`) =>
    requestHostCheck({ apiUrl, sdkKey, hostOrigin });

  test("allowed, refused for another origin or an unknown key, unknown without an answer", async () => {
    expect(await check(listingKey, "https://shop.example")).toBe("allowed");
    expect(await check(listingKey, "https://elsewhere.example")).toBe("refused");
    expect(await check("no-such-project", "https://shop.example")).toBe("refused");
    // Nothing listens there: no answer at all is no verdict.
    expect(await check(listingKey, "https://shop.example", "http://127.0.0.1:9/api/widget")).toBe("unknown");
  });
});
