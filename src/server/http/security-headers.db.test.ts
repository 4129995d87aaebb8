import { describe, expect, test } from "bun:test";
import { withDemoProjectOrigins } from "../test-support/demo-project-origins.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { withTestServer } from "../test-support/test-server-for-one-test.ts";
import {
  adminPolicy,
  applySecurityHeaders,
  createNonce,
  lockedDownPolicy,
  messengerPolicy,
  referrerPolicy,
} from "./security-headers.ts";

/** A policy as a map of directive name → its source list. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

/** The nonce a policy's script-src names. */
function policyNonce(policy: string | null): string | undefined {
  return directives(policy)
    .get("script-src")
    ?.find((source) => source.startsWith("'nonce-"))
    ?.slice("'nonce-".length, -1);
}

const base64Nonce = /^[A-Za-z0-9+/]{22}==$/;

describe("createNonce", () => {
  test("is 128 random bits in base64, different every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(base64Nonce);
  });
});

describe("adminPolicy", () => {
  test("runs scripts by nonce only, with no inline or eval escape, and cannot be framed", () => {
    const policy = directives(adminPolicy("abc", "altcha"));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'nonce-abc'", "'strict-dynamic'", "'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "https:"]);
    expect(policy.get("media-src")).toEqual(["'self'", "blob:", "https:"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // ALTCHA is our own code: no third party may be framed, only the admin's own capture frames.
    expect(policy.get("frame-src")).toEqual(["'self'"]);
    for (const provider of ["altcha", "off", "recaptcha", "turnstile"] as const) {
      const script = directives(adminPolicy("n", provider)).get("script-src") ?? [];
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
    }
  });

  test("allows only the configured captcha provider's scripts and frames", () => {
    const recaptcha = directives(adminPolicy("n", "recaptcha"));
    expect(recaptcha.get("script-src")).toEqual([
      "'nonce-n'",
      "'strict-dynamic'",
      "'self'",
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
    expect(recaptcha.get("frame-src")).toEqual([
      "'self'",
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
    ]);
    const turnstile = directives(adminPolicy("n", "turnstile"));
    expect(turnstile.get("script-src")).toContain("https://challenges.cloudflare.com");
    expect(turnstile.get("frame-src")).toEqual(["'self'", "https://challenges.cloudflare.com"]);
    expect(JSON.stringify([...turnstile])).not.toContain("google");
    expect(JSON.stringify([...recaptcha])).not.toContain("cloudflare");
    expect(adminPolicy("n", "off")).toBe(adminPolicy("n", "altcha"));
  });
});

describe("messengerPolicy", () => {
  test("adds nonce scripts, no plugins and no <base> to the frame-ancestors it is given", () => {
    const policy = directives(messengerPolicy("xyz", "frame-ancestors *"));
    expect(policy.get("script-src")).toEqual(["'nonce-xyz'", "'strict-dynamic'", "'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["*"]);
    expect(policy.has("default-src")).toBe(false);
  });
});

describe("applySecurityHeaders", () => {
  const apply = (response: Response, path: string) => {
    applySecurityHeaders(response, path);
    return response.headers;
  };

  test("every response gets nosniff and the referrer policy", () => {
    for (const [type, path] of [
      ["application/json", "/api/x"],
      ["text/html", "/demo"],
      ["text/javascript;charset=utf-8", "/sdk/loader.js"],
      ["image/svg+xml", "/flags/de.svg"],
    ]) {
      const headers = apply(
        new Response("", { headers: { "Content-Type": type as string } }),
        path as string,
      );
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("referrer-policy")).toBe(referrerPolicy);
    }
    expect(apply(new Response(null, { status: 204 }), "/api/x").get("referrer-policy")).toBe(referrerPolicy);
  });

  test("a stricter referrer policy or a page's own CSP is kept", () => {
    const headers = apply(
      new Response("", {
        headers: {
          "Content-Type": "text/html",
          "Referrer-Policy": "no-referrer",
          "Content-Security-Policy": "script-src 'none'",
        },
      }),
      "/",
    );
    expect(headers.get("referrer-policy")).toBe("no-referrer");
    expect(headers.get("content-security-policy")).toBe("script-src 'none'");
  });

  test("non-pages are locked down; static pages and scripts outside /api keep no policy", () => {
    const csp = (type: string, path: string) =>
      apply(new Response("", { headers: { "Content-Type": type } }), path).get("content-security-policy");
    expect(csp("application/json; charset=utf-8", "/healthz")).toBe(lockedDownPolicy);
    expect(csp("image/svg+xml", "/flags/de.svg")).toBe(lockedDownPolicy);
    expect(csp("text/plain", "/sdk/missing.js")).toBe(lockedDownPolicy);
    expect(csp("image/png", "/api/files/uploads/a.png")).toBe(lockedDownPolicy);
    // Anything under /api is locked down, whatever it claims to be.
    expect(csp("text/html", "/api/files/uploads/a.html")).toBe(lockedDownPolicy);
    expect(csp("text/html; charset=utf-8", "/demo")).toBeNull();
    expect(csp("text/javascript;charset=utf-8", "/sdk/loader.js")).toBeNull();
  });
});

describe("through the real server", () => {
  let server: TestServer;

  startBeforeAll(startTestServer, (started) => {
    server = started;
  });

  function expectBaseHeaders(response: Response, what: string) {
    expect({ what, nosniff: response.headers.get("x-content-type-options") }).toEqual({
      what,
      nosniff: "nosniff",
    });
    expect({ what, referrer: response.headers.get("referrer-policy") }).toEqual({
      what,
      referrer: "strict-origin-when-cross-origin",
    });
  }

  test("every kind of answer of both origins carries nosniff and the referrer policy", async () => {
    const session = await fetch(`${server.mainUrl}/api/widget/sessions`, {
      method: "POST",
      headers: { "Api-Token": "demo", "Content-Type": "application/json" },
      body: '{"lang":"en"}',
    });
    expect(session.status).toBe(200);
    const loader = await fetch(`${server.mainUrl}/sdk/loader.js`);
    const revalidated = await fetch(`${server.mainUrl}/sdk/loader.js`, {
      headers: { "If-None-Match": loader.headers.get("etag") ?? "" },
    });
    expect(revalidated.status).toBe(304);
    const answers: Array<[string, Response, number]> = [
      ["health JSON", await fetch(`${server.mainUrl}/healthz`), 200],
      ["platform API JSON", await fetch(`${server.mainUrl}/api/public-config`), 200],
      ["API 401", await fetch(`${server.mainUrl}/api/auth/me`), 401],
      ["API 404", await fetch(`${server.mainUrl}/api/nothing`), 404],
      ["API 405", await fetch(`${server.mainUrl}/api/widget/sessions`), 405],
      ["widget API JSON", session, 200],
      [
        "widget preflight",
        await fetch(`${server.mainUrl}/api/widget/sessions`, {
          method: "OPTIONS",
          headers: { Origin: "https://host.example", "Access-Control-Request-Method": "POST" },
        }),
        204,
      ],
      ["missing upload", await fetch(`${server.mainUrl}/api/files/uploads/nothing.png`), 404],
      ["SDK loader", loader, 200],
      ["SDK 304", revalidated, 304],
      ["SDK chunk", await fetch(`${server.mainUrl}/sdk/launcher-chunk-abcd1234.js`), 200],
      ["missing SDK file", await fetch(`${server.mainUrl}/sdk/missing-abcd1234.js`), 404],
      ["stylesheet", await fetch(`${server.mainUrl}/assets/admin-main-abcd1234.css`), 200],
      ["public image", await fetch(`${server.mainUrl}/flags/de.svg`), 200],
      ["demo host page", await fetch(`${server.mainUrl}/demo`), 200],
      ["admin page", await fetch(`${server.mainUrl}/login`), 200],
      ["admin 404 page", await fetch(`${server.mainUrl}/no/such/page`), 404],
      ["page POST 404", await fetch(`${server.mainUrl}/login`, { method: "POST" }), 404],
      ["HEAD", await fetch(`${server.mainUrl}/dashboard`, { method: "HEAD" }), 200],
      ["messenger page", await fetch(`${server.messengerUrl}/`), 200],
      ["messenger script", await fetch(`${server.messengerUrl}/assets/messenger-main-abcd1234.js`), 200],
      ["messenger 404", await fetch(`${server.messengerUrl}/sdk/loader.js`), 404],
    ];
    for (const [what, response, status] of answers) {
      expect({ what, status: response.status }).toEqual({ what, status });
      expectBaseHeaders(response, what);
    }
  });

  test("API JSON and other non-pages may not load anything nor be framed", async () => {
    for (const response of [
      await fetch(`${server.mainUrl}/healthz`),
      await fetch(`${server.mainUrl}/api/public-config`),
      await fetch(`${server.mainUrl}/api/nothing`),
      await fetch(`${server.mainUrl}/api/files/uploads/nothing.png`),
      await fetch(`${server.mainUrl}/flags/de.svg`),
      await fetch(`${server.mainUrl}/sdk/missing-abcd1234.js`),
    ]) {
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  test("the admin page has a strict policy with a fresh nonce on its scripts in every answer", async () => {
    const seen = new Set<string>();
    for (const path of ["/", "/login", "/dashboard/users", "/no/such/page", "/login"]) {
      const response = await fetch(`${server.mainUrl}${path}`);
      const csp = response.headers.get("content-security-policy");
      const policy = directives(csp);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'none'"]);
      expect(policy.get("form-action")).toEqual(["'self'"]);
      expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      // Visitors' files come from the messenger origin: the inbox shows and plays them.
      expect(policy.get("img-src")).toEqual(["'self'", server.messengerUrl, "data:", "https:"]);
      expect(policy.get("media-src")).toEqual(["'self'", server.messengerUrl, "blob:", "https:"]);
      // Each answer differs, so it has no validator a cache could answer a 304 with.
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("etag")).toBeNull();
      const nonce = policyNonce(csp);
      expect(nonce).toMatch(base64Nonce);
      seen.add(nonce as string);
      const html = await response.text();
      expect(html).toContain(
        `<script type="module" src="/assets/admin-main-abcd1234.js" nonce="${nonce}"></script>`,
      );
      expect(html).toContain(`<link rel="modulepreload" href="/assets/chunk-efgh5678.js" nonce="${nonce}">`);
      // No script in the page runs without the nonce.
      expect(html.match(/<script\b/g)).toHaveLength(html.match(/<script\b[^>]* nonce="/g)?.length ?? 0);
    }
    expect(seen.size).toBe(5);
  });

  test("the capture frame the admin shows a reported page in: inline styles, pictures from ours, nothing that runs", async () => {
    const response = await fetch(`${server.mainUrl}/capture-frame`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const policy = directives(response.headers.get("content-security-policy"));
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("style-src")).toEqual(["'unsafe-inline'"]);
    const ours = ["data:", "blob:", "'self'", server.messengerUrl];
    expect(policy.get("img-src")).toEqual(ours);
    expect(policy.get("media-src")).toEqual(ours);
    expect(policy.get("font-src")).toEqual(ours);
    expect(policy.get("sandbox")).toEqual(["allow-same-origin"]);
    expect(policy.get("frame-ancestors")).toEqual(["'self'"]);
    expect(policy.has("script-src")).toBe(false);
    expect(await response.text()).not.toContain("<script");
    // Once the admin loads a report's external content, its frames may fetch from the web too.
    const external = directives(
      (await fetch(`${server.mainUrl}/capture-frame?external=1`)).headers.get("content-security-policy"),
    );
    expect(external.get("img-src")).toEqual([...ours, "https:", "http:"]);
    expect(external.get("style-src")).toEqual(["'unsafe-inline'"]);
  });

  test("the demo host page and the SDK files get no page policy of the admin", async () => {
    for (const path of ["/demo", "/sdk/loader.js", "/sdk/launcher-chunk-abcd1234.js"]) {
      const response = await fetch(`${server.mainUrl}${path}`);
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("x-frame-options")).toBeNull();
    }
    // Host pages on other sites still import the chunks.
    const chunk = await fetch(`${server.mainUrl}/sdk/launcher-chunk-abcd1234.js`);
    expect(chunk.headers.get("access-control-allow-origin")).toBe("*");
    expect(chunk.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });

  test("the messenger keeps its frame-ancestors from the project's allowed origins and runs scripts by nonce", async () => {
    const first = await fetch(`${server.messengerUrl}/?sdkKey=demo`);
    const csp = first.headers.get("content-security-policy");
    const policy = directives(csp);
    expect(policy.get("frame-ancestors")).toEqual(["*"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(first.headers.get("x-frame-options")).toBeNull();
    const nonce = policyNonce(csp);
    expect(nonce).toMatch(base64Nonce);
    expect(await first.text()).toContain(
      `<script type="module" src="/assets/messenger-main-abcd1234.js" nonce="${nonce}"></script>`,
    );
    expect(
      policyNonce(
        (await fetch(`${server.messengerUrl}/?sdkKey=demo`)).headers.get("content-security-policy"),
      ),
    ).not.toBe(nonce);

    await withDemoProjectOrigins(server, ["https://shop.example", "https://app.example"], async () => {
      const restricted = directives(
        (await fetch(`${server.messengerUrl}/?sdkKey=demo`)).headers.get("content-security-policy"),
      );
      expect(restricted.get("frame-ancestors")).toEqual([
        "'self'",
        "https://app.example",
        "https://shop.example",
      ]);
      expect(restricted.get("script-src")?.[0]).toStartWith("'nonce-");
    });
  });
});

describe("the admin policy follows CAPTCHA_PROVIDER", () => {
  test.each([
    ["altcha", {}, []],
    [
      "recaptcha",
      { CAPTCHA_SITE_KEY: "site", CAPTCHA_SECRET_KEY: "secret" },
      ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
    ],
    [
      "turnstile",
      { CAPTCHA_SITE_KEY: "site", CAPTCHA_SECRET_KEY: "secret" },
      ["https://challenges.cloudflare.com"],
    ],
  ] as const)("%s", async (provider, keys, frames) => {
    await withTestServer({ CAPTCHA_PROVIDER: provider, ...keys }, {}, async (server) => {
      const policy = directives(
        (await fetch(`${server.mainUrl}/login`)).headers.get("content-security-policy"),
      );
      expect(policy.get("frame-src")).toEqual(["'self'", ...frames]);
    });
  });
});
