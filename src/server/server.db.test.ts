import { describe, expect, test } from "bun:test";
import { frameInboxScript } from "../shared/frame-inbox.ts";
import { frameMessageText } from "../shared/frame-messages.ts";
import { insertProject } from "./domain/projects/project-settings-repository.ts";
import {
  findProjectById,
  findProjectBySdkKey,
  updateProjectSettings,
} from "./domain/projects/projects-repository.ts";
import { expectError } from "./test-support/api-calls.ts";
import { withDemoProjectOrigins } from "./test-support/demo-project-origins.ts";
import { startedBeforeAll } from "./test-support/test-lifecycle.ts";
import { startTestServer } from "./test-support/test-server.ts";
import { writtenByHand } from "./test-support/written-by-hand.ts";

const server = startedBeforeAll(startTestServer);

describe("main origin", () => {
  test("/healthz answers 200 with the database status", async () => {
    const response = await fetch(`${server.mainUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: { engine: server.db.engine, ok: true } });
  });

  test("every answer carries a request id, and a sane incoming one is kept", async () => {
    const fresh = await fetch(`${server.mainUrl}/healthz`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${server.mainUrl}/healthz`, { headers: { "X-Request-Id": "trace-12345678" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-12345678");
  });

  test("/sdk/loader.js is never cached and may be loaded from any origin", async () => {
    const response = await fetch(`${server.mainUrl}/sdk/loader.js`, {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.text()).toBe("/* loader */");
  });

  test("the loader is served brotli-compressed to clients that accept it", async () => {
    const response = await fetch(`${server.mainUrl}/sdk/loader.js`, {
      headers: { "Accept-Encoding": "br" },
      decompress: false,
    });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
  });

  test("content-hashed files are cached for a year", async () => {
    for (const path of ["/sdk/launcher-chunk-abcd1234.js", "/assets/admin-main-abcd1234.css"]) {
      const response = await fetch(`${server.mainUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    const css = await fetch(`${server.mainUrl}/assets/admin-main-abcd1234.css`);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  test("other public files get a short cache and their content type", async () => {
    const response = await fetch(`${server.mainUrl}/flags/de.svg`);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  test("/demo serves the demo host page without caching", async () => {
    const response = await fetch(`${server.mainUrl}/demo`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("<title>demo</title>");
  });

  test.each(["/", "/login", "/dashboard", "/dashboard/users/42"])(
    "%s answers the admin SPA",
    async (path) => {
      const response = await fetch(`${server.mainUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      // The entry and its preloads carry the answer's CSP nonce (security-headers.db.test.ts checks it).
      expect(html).toMatch(
        /<script type="module" src="\/assets\/admin-main-abcd1234\.js" nonce="[^"]+"><\/script>/,
      );
      expect(html).toContain('<link rel="stylesheet" href="/assets/admin-main-abcd1234.css">');
      expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/chunk-efgh5678\.js" nonce="[^"]+">/);
    },
  );

  test("an unknown page answers the SPA (which shows its 404 screen) with status 404", async () => {
    const response = await fetch(`${server.mainUrl}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("/assets/admin-main-abcd1234.js");
  });

  test("a missing SDK or asset file is a plain 404, not the SPA", async () => {
    expect((await fetch(`${server.mainUrl}/sdk/missing-abcd1234.js`)).status).toBe(404);
    expect((await fetch(`${server.mainUrl}/assets/missing.js`)).status).toBe(404);
  });

  test.each([
    ["GET", "/api/nothing"],
    ["POST", "/api/nothing/else"],
    ["GET", "/api"],
    ["GET", "/api/widget/nothing"],
  ])("%s %s answers 404 JSON with an error", async (method, path) => {
    const response = await fetch(`${server.mainUrl}${path}`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain(path);
  });

  test("a known API path with the wrong method answers 405 with Allow", async () => {
    const response = await fetch(`${server.mainUrl}/api/widget/sessions`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("widget sessions", () => {
  const start = (headers: Record<string, string>, body = '{"lang":"en-us"}') =>
    fetch(`${server.mainUrl}/api/widget/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json;charset=UTF-8", ...headers },
      body,
    });

  test("the preflight allows the headers a Gleap client sends", async () => {
    const response = await fetch(`${server.mainUrl}/api/widget/sessions`, {
      method: "OPTIONS",
      headers: { Origin: "https://customer.example", "Access-Control-Request-Method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://customer.example");
    const allowed = response.headers.get("access-control-allow-headers") ?? "";
    for (const header of ["api-token", "content-type", "gleap-id", "gleap-hash"])
      expect(allowed).toContain(header);
  });

  test("a session is created, stored and answered in the client's shape", async () => {
    const response = await start({ "Api-Token": "demo" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const session = (await response.json()) as Record<string, unknown>;
    expect(session).toMatchObject({ userId: null, lang: "en-us", customData: {} });
    expect(session.gleapId).toBeString();
    expect(session.gleapHash).toMatch(/^[0-9a-f]{64}$/);
    const rows = await server.db.sql`SELECT id, lang FROM widget_sessions WHERE id = ${session.gleapId}`;
    expect(rows).toEqual([{ id: session.gleapId, lang: "en-us" }]);
  });

  test("valid Gleap-Id and Gleap-Hash resume the same session; a forged hash starts a new one", async () => {
    const first = (await (await start({ "Api-Token": "demo" })).json()) as {
      gleapId: string;
      gleapHash: string;
    };
    const resumed = (await (
      await start({ "Api-Token": "demo", "Gleap-Id": first.gleapId, "Gleap-Hash": first.gleapHash })
    ).json()) as { gleapId: string };
    expect(resumed.gleapId).toBe(first.gleapId);
    const forged = (await (
      await start({ "Api-Token": "demo", "Gleap-Id": first.gleapId, "Gleap-Hash": "0".repeat(64) })
    ).json()) as { gleapId: string };
    expect(forged.gleapId).not.toBe(first.gleapId);
  });

  test("a missing or unknown SDK key answers 401 and stores nothing", async () => {
    const [{ before }] = await server.db.sql`SELECT count(*) AS before FROM widget_sessions`;
    await expectError(await start({}), 401, { error: "Missing Api-Token header" });
    await expectError(await start({ "Api-Token": "nope" }), 401, { error: "Unknown SDK key" });
    const [{ after }] = await server.db.sql`SELECT count(*) AS after FROM widget_sessions`;
    expect(Number(after)).toBe(Number(before));
  });

  test("bad bodies answer 400 with a message and store nothing", async () => {
    const [{ before }] = await server.db.sql`SELECT count(*) AS before FROM widget_sessions`;
    const cases: Array<[string, string]> = [
      ["{not json", "Request body is not valid JSON"],
      ['{"lang":42}', "lang"],
      ['{"lang":"en","admin":true}', "admin"],
      ["[1,2]", "JSON object"],
    ];
    for (const [body, mentions] of cases) {
      const response = await start({ "Api-Token": "demo" }, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(mentions);
    }
    const [{ after }] = await server.db.sql`SELECT count(*) AS after FROM widget_sessions`;
    expect(Number(after)).toBe(Number(before));
  });
});

describe("messenger origin", () => {
  test("/ serves the messenger frame app", async () => {
    const response = await fetch(`${server.messengerUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain('src="/assets/messenger-main-abcd1234.js"');
  });

  test("a frame opened for a project may be embedded by that project's allowed origins only; one without a key wherever a project would accept its host", async () => {
    // The policy also names the app's scripts (security-headers.db.test.ts); here only its frame-ancestors.
    const frameAncestors = async (query: string) =>
      ((await fetch(`${server.messengerUrl}/${query}`)).headers.get("content-security-policy") ?? "")
        .split(";")
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith("frame-ancestors"));
    const demo = await findProjectBySdkKey(server.db.sql, "demo");
    if (!demo) throw new Error("no demo project");
    const shopId = await insertProject(server.db.sql, "Shop");
    const shop = await findProjectById(server.db.sql, shopId);
    if (!shop) throw new Error("no shop project");
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, shopId, { allowedOrigins: ["https://shop.example"] }),
    );
    try {
      // The demo project lists no origins: its frames may be embedded anywhere…
      expect(await frameAncestors("?sdkKey=demo")).toBe("frame-ancestors *");
      // …which no longer opens the shop's frames to every host (it was `*` for all before).
      expect(await frameAncestors(`?sdkKey=${shop.sdkKey}`)).toBe(
        "frame-ancestors 'self' https://shop.example",
      );
      // An unknown key gets no host. A frame without a key (the published Gleap SDK's) may be embedded
      // anywhere while a project lists no origins: it binds to a project only where that project
      // allows the host (frame-host-routes.db.test.ts).
      expect(await frameAncestors("?sdkKey=nope")).toBe("frame-ancestors 'self'");
      expect(await frameAncestors("")).toBe("frame-ancestors *");
      await writtenByHand(
        server,
        updateProjectSettings(server.db.sql, demo.id, {
          allowedOrigins: ["https://shop.example", "https://app.example"],
        }),
      );
      expect(await frameAncestors("?sdkKey=demo")).toBe(
        "frame-ancestors 'self' https://app.example https://shop.example",
      );
      // Once every project lists its origins, a frame without a key may be embedded by those only.
      expect(await frameAncestors("")).toBe(
        "frame-ancestors 'self' https://app.example https://shop.example",
      );
    } finally {
      await writtenByHand(server, updateProjectSettings(server.db.sql, demo.id, { allowedOrigins: [] }));
      await server.db.sql`DELETE FROM widget_projects WHERE id = ${shopId}`;
    }
  });

  test("/, /banner and /modal serve their frame apps, each announced by its inline script, under one nonce policy", async () => {
    const policyOf = (response: Response) =>
      (response.headers.get("content-security-policy") ?? "").split(";").map((directive) => directive.trim());
    const root = policyOf(await fetch(`${server.messengerUrl}/?sdkKey=demo`));
    for (const [path, script, announced] of [
      ["/", "/assets/messenger-main-abcd1234.js", { name: "ping" }],
      ["/banner", "/assets/banner-main-abcd1234.js", { name: "banner-loaded", type: "BANNER" }],
      ["/modal", "/assets/modal-main-abcd1234.js", { name: "modal-loaded", type: "MODAL" }],
    ] as const) {
      const response = await fetch(`${server.messengerUrl}${path}?sdkKey=demo`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      const html = await response.text();
      const policy = policyOf(response);
      const nonce = /'nonce-([^']+)'/.exec(policy.join(";"))?.[1];
      expect(nonce).toBeTruthy();
      // The entry script carries the response's own nonce.
      expect(html).toContain(`<script type="module" src="${script}" nonce="${nonce}"></script>`);
      // The inline script that announces the frame while the page parses (frame-inbox.ts), before the
      // entry script and with the same nonce.
      const announcement = frameMessageText(announced);
      const inline = `<script nonce="${nonce}">${frameInboxScript(announcement)}</script>`;
      expect(html).toContain(inline);
      expect(html.indexOf(inline)).toBeLessThan(html.indexOf('<script type="module"'));
      // Everything but the nonce is the messenger's policy.
      const withoutNonce = (directives: string[]) =>
        directives.map((d) => d.replace(/'nonce-[^']+'/, "'nonce'"));
      expect(withoutNonce(policy)).toEqual(withoutNonce(root));
      expect(policy).toContain("frame-ancestors *");
    }
    expect(await (await fetch(`${server.messengerUrl}/banner`)).text()).toContain(
      '<link rel="stylesheet" href="/assets/banner-main-abcd1234.css">',
    );
    // A fresh nonce per response.
    const nonces = await Promise.all(
      [1, 2].map(async () =>
        (await fetch(`${server.messengerUrl}/modal`)).headers.get("content-security-policy"),
      ),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    // Only the exact paths are pages.
    expect((await fetch(`${server.messengerUrl}/banner/x`)).status).toBe(404);
  });

  test("/banner and /modal follow the project's allowed origins like the messenger", async () => {
    await withDemoProjectOrigins(server, ["https://shop.example"], async () => {
      for (const path of ["/banner", "/modal", "/builder"]) {
        const policy =
          (await fetch(`${server.messengerUrl}${path}?sdkKey=demo`)).headers.get("content-security-policy") ??
          "";
        expect(policy).toContain("frame-ancestors 'self' https://shop.example");
      }
    });
  });

  test("its assets are served from its own origin, and nothing else is", async () => {
    expect((await fetch(`${server.messengerUrl}/assets/messenger-main-abcd1234.js`)).status).toBe(200);
    expect((await fetch(`${server.messengerUrl}/sdk/loader.js`)).status).toBe(404);
  });
});
