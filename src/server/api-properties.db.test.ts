import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createAccessTokens } from "./auth/access-tokens.ts";
import { createAuthGuard } from "./auth/auth-guard.ts";
import { defaultAuthLimits } from "./auth/auth-limits.ts";
import { pingLogOf } from "./domain/sessions/ping-log-registry.ts";
import type { ApiRoute } from "./http/api-route.ts";
import { adminWidgetRoutes } from "./platform-api/admin-widget-routes.ts";
import { accountRoutes } from "./platform-api/auth/account-routes.ts";
import { authRoutes } from "./platform-api/auth/auth-routes.ts";
import { messengerAdminRoutes } from "./platform-api/messenger/messenger-admin-routes.ts";
import { platformRoutes } from "./platform-api/platform-routes.ts";
import { sessionHeaders, startSession, type TestSession } from "./test-support/outbound-test-support.ts";
import { propertyRuns } from "./test-support/property-runs.ts";
import {
  installRowChangeJournal,
  rowChangeCounts,
  tablesWritten,
} from "./test-support/row-change-journal.ts";
import { createSignInAccount } from "./test-support/sign-in-accounts.ts";
import { startBeforeAll } from "./test-support/test-lifecycle.ts";
import { testPasswords } from "./test-support/test-passwords.ts";
import { startTestServer, type TestServer } from "./test-support/test-server.ts";
import { widgetRoutes } from "./widget-api/widget-routes.ts";

/**
 * Property tests over every JSON endpoint of both APIs: random and malformed bodies,
 * headers, path parameters and query strings. Whatever arrives, the answer is never a 5xx, and a
 * refused request (4xx) changes no row. The route lists come from the route builders themselves, so
 * a new endpoint is covered the moment it is added.
 */

type Route = Pick<ApiRoute, "method" | "pattern">;

let server: TestServer;
let platform: Route[] = [];
let widget: Route[] = [];
let adminToken = "";
let userToken = "";
let session: TestSession;
/** Real ids to put into path parameters now and then, so requests reach past the 404s. */
let knownIds: string[] = [];

// Counters of the limits themselves move with every request, refused or not; that is their job. The
// writers' beats (database_writers) move every second whatever comes.
const tablesThatCountRequests = new Set(["rate_limit_counters", "report_quota_usage", "database_writers"]);

/** What every table has had written since the journal was installed: equal readings mean nothing was written. */
async function databaseState(): Promise<Map<string, number>> {
  const sql = server.db.sql;
  // Pings an earlier request was answered for are folded into their sessions a second or two later,
  // on a timer (SQLite's ping log): fold them now, so such a fold is not taken for this request's write.
  await pingLogOf(sql)?.fold();
  return rowChangeCounts(sql);
}

startBeforeAll(startTestServer, async (started) => {
  server = started;
  const sql = server.db.sql;
  const [{ value: secret }] = await sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  const tokens = createAccessTokens(String(secret));
  const guard = createAuthGuard(sql, tokens);
  const unused = null as never;
  const authDeps = {
    sql,
    passwords: testPasswords,
    captcha: unused,
    registrationEnabled: true,
    limits: defaultAuthLimits,
    limiter: unused,
  };
  platform = [
    ...authRoutes({ ...authDeps, tokens, guard }),
    ...accountRoutes(authDeps),
    ...platformRoutes({ sql, reads: unused, guard }),
    ...adminWidgetRoutes({
      sql,
      reads: unused,
      guard,
      storage: unused,
      fanout: unused,
      connectedSessions: async () => [],
      messengerUrl: () => "",
      events: unused,
    }),
    ...messengerAdminRoutes({ sql, reads: unused, guard, events: unused }),
  ]
    .map(({ method, pattern }) => ({ method, pattern }))
    // Signing out would end the tokens the other requests use; its own tests cover it.
    .filter((route) => route.pattern !== "/api/auth/logout");
  widget = widgetRoutes({
    sql,
    sessionSecret: "",
    fanout: unused,
    storage: unused,
    publicUrl: () => "",
    messengerUrl: () => "",
    events: unused,
  }).map(({ method, pattern }) => ({ method, pattern }));

  const login = async (name: string, password: string) => {
    const response = await fetch(`${server.mainUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: name, password }),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  await createSignInAccount(sql, { name: "prop-user", password: "prop-pw-1", emailVerified: true });
  adminToken = await login("admin", "admin");
  userToken = await login("prop-user", "prop-pw-1");
  session = await startSession(server.mainUrl);
  knownIds = (await sql`SELECT id FROM users`).map((row: { id: string }) => row.id);
  // The demo project and its feedback flows, so messenger routes are reached past their 404s.
  const projectId = String((await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`)[0]?.id);
  const flows = await sql`SELECT id, flow_key FROM feedback_flows`;
  knownIds.push(
    projectId,
    ...flows.flatMap((row: { id: string; flow_key: string }) => [row.id, row.flow_key]),
  );
  // A report of the session, a draft outbound and a tooltip, so the inbox and content routes are
  // reached past their 404s.
  const report = await fetch(`${server.mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: sessionHeaders(session, "application/json"),
    body: JSON.stringify({ formData: { description: "property report" } }),
  });
  const adminCall = (path: string, body: unknown) =>
    fetch(`${server.mainUrl}/api/projects/${projectId}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(body),
    });
  const outbound = await adminCall("/outbounds", { type: "banner", name: "Property banner", config: {} });
  const tooltip = await adminCall("/tooltips", {
    name: "Property tip",
    selector: "#a",
    html: "",
    mode: "plain",
  });
  for (const created of [report, outbound, tooltip]) {
    expect(created.status).toBe(201);
    knownIds.push(((await created.json()) as { id: string }).id);
  }
  await installRowChangeJournal(sql, server.db.engine, tablesThatCountRequests);
});

// Field names the schemas know, so generated objects often get past the first validation.
const fieldNames = [
  "login",
  "password",
  "email",
  "code",
  "recoveryCode",
  "name",
  "title",
  "description",
  "role",
  "reason",
  "comment",
  "positive",
  "companyId",
  "categoryId",
  "skills",
  "amount",
  "days",
  "ids",
  "action",
  "enabled",
  "formData",
  "type",
  "priority",
  "data",
  "events",
  "userId",
  "userHash",
  "outboundId",
  "currentUrl",
  "lang",
  "refresh_token",
  "captchaToken",
  "customData",
  "metaData",
  "consoleLog",
  "networkLogs",
  "screenshotData",
  "webReplay",
  "tags",
  "time",
  "completedSteps",
  "sharedKey",
  "content",
  "level",
  "salary",
  "requirements",
  // Messenger content (the payload files of src/shared/ that payload-text.ts names).
  "key",
  "feedbackType",
  "fields",
  "status",
  "steps",
  "questions",
  "answers",
  "text",
  "attachments",
  "typing",
  "body",
  "collectionId",
  "subject",
  "transcript",
  "collected",
  "botId",
  // The admin's widget side (src/shared/inbox-api.ts).
  "assigneeId",
  "config",
  "pageFilter",
  "pageFilterType",
  "audience",
  "selector",
  "html",
  "flowConfig",
  "allowedOrigins",
  "identityVerification",
];

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e20",
    "NaN",
    "__proto__",
    "constructor",
    "x".repeat(5000),
    "ü🙂\u0000",
  ),
);
const knownShape = fc.dictionary(
  fc.constantFrom(...fieldNames),
  fc.oneof(scalar, fc.array(scalar), fc.jsonValue()),
);
const body = fc.oneof(
  knownShape.map((value) => JSON.stringify(value)),
  fc.json(),
  fc.string(),
  fc.constantFrom("", "{", "[]", "null", '{"__proto__":{"x":1}}', '{"a":1,"a":2}', "\u0000", "[".repeat(200)),
  // Objects that cannot be printed: superstruct's failure messages threw on these (a 500).
  fc
    .constantFrom(...fieldNames)
    .chain((field) =>
      fc.constantFrom(
        '[{"toString":""}]',
        `{"${field}":{"toString":1,"valueOf":1}}`,
        `{"${field}":[{"toString":null}]}`,
      ),
    ),
  fc.nat({ max: 80 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
  // Multipart framing around random parts, for the upload route.
  fc
    .tuple(
      fc.constantFrom("file", "other", ""),
      fc.constantFrom("blob", "", "a.webm"),
      fc.string(),
      fc.constantFrom("video/webm", "text/html", "image/png", ""),
    )
    .map(
      ([name, filename, content, type]) =>
        `--x\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n${content}\r\n--x--\r\n`,
    ),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json;charset=UTF-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
);
const queryKey = fc.constantFrom(
  "page",
  "pageSize",
  "sort",
  "q",
  "status",
  "type",
  "role",
  "reason",
  "state",
  "lang",
  "force",
  "convertTipTap",
  "priority",
  "projectId",
  "assigneeId",
  "unread",
);
const queryValue = fc.oneof(
  fc.string(),
  fc.constantFrom("-createdAt", "constructor", "1e20", "0", "-1", "true", "%", "_"),
);
const query = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 });
const pathParam = (ids: () => string[]) =>
  fc.oneof(
    fc.string({ minLength: 1 }),
    fc.constantFrom("does-not-exist", "..", "%2e%2e%2f", "0", "-1", "x".repeat(2000), "demo"),
    fc.nat().map((index) => ids()[index % Math.max(1, ids().length)] ?? "none"),
  );

function url(route: Route, params: string[], pairs: Array<[string, string]>): string {
  let index = 0;
  const path = route.pattern.replace(/:(\w+)/g, () => encodeURIComponent(params[index++] ?? "x"));
  const search = new URLSearchParams(pairs).toString();
  return `${server.mainUrl}${path}${search ? `?${search}` : ""}`;
}

async function send(route: Route, target: string, headers: Record<string, string>, text: string) {
  const hasBody = route.method !== "GET";
  return fetch(target, { method: route.method, headers, body: hasBody ? text : undefined });
}

/** Runs `runs` random requests against `route` and checks the two properties on each. */
async function checkRoute(route: Route, headersFor: fc.Arbitrary<Record<string, string>>, runs: number) {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        pathParam(() => knownIds),
        { minLength: 3, maxLength: 3 },
      ),
      query,
      headersFor,
      contentType,
      body,
      async (params, pairs, headers, type, text) => {
        const before = await databaseState();
        const response = await send(
          route,
          url(route, params, pairs),
          type ? { ...headers, "Content-Type": type } : headers,
          text,
        );
        await response.arrayBuffer();
        const verdict = `${route.method} ${route.pattern} → ${response.status}`;
        if (response.status >= 500)
          throw new Error(
            `${verdict} for ${JSON.stringify({ params, pairs, type, text: text.slice(0, 300) })}`,
          );
        const changed = response.status >= 400 ? tablesWritten(before, await databaseState()) : [];
        if (changed.length > 0)
          throw new Error(
            `${verdict} changed rows of ${changed.join(", ")} for ${JSON.stringify({ params, pairs, type, text: text.slice(0, 300) })}`,
          );
      },
    ),
    { numRuns: runs },
  );
}

describe("every JSON endpoint: no 5xx, and no row changed by a refused request", () => {
  test("the route lists are complete", () => {
    expect(platform.map((route) => `${route.method} ${route.pattern}`)).toContain("POST /api/auth/login");
    expect(platform.length).toBeGreaterThan(60);
    expect(widget.map((route) => `${route.method} ${route.pattern}`)).toContain("POST /api/widget/bugs/v2");
  });

  test(
    "platform API, as nobody, a garbage token, a USER and an admin",
    async () => {
      const bearer = fc.constantFrom<Record<string, string>>(
        {},
        { Authorization: "Bearer not-a-token" },
        { Authorization: `Bearer ${userToken}` },
        { Authorization: `Bearer ${adminToken}` },
        { Authorization: `Bearer ${adminToken}` },
      );
      for (const route of platform) await checkRoute(route, bearer, propertyRuns(20, server.db.engine));
    },
    { timeout: 240_000 },
  );

  test(
    "widget API, with and without a project key and a session",
    async () => {
      const headers = fc.constantFrom<Record<string, string>>(
        {},
        { "Api-Token": "demo" },
        { "Api-Token": "nope", "Gleap-Id": "x", "Gleap-Hash": "y" },
        { "Api-Token": "demo", "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash },
        { "Api-Token": "demo", "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash },
      );
      for (const route of widget) await checkRoute(route, headers, propertyRuns(40, server.db.engine));
    },
    { timeout: 240_000 },
  );
});
