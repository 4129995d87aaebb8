import { describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { FeedbackReportCreated as Created } from "../../../shared/host-visible-types.ts";
import { findReport } from "../../domain/feedback/feedback-repository.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

let server: TestServer;
let main: string;
let session: { gleapId: string; gleapHash: string };

const postReport = (body: string, headers: Record<string, string> = { "Api-Token": "demo" }) =>
  fetch(`${main}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json;charset=UTF-8", ...headers },
    body,
  });

const headersOf = (sender: { gleapId: string; gleapHash: string }) => ({
  "Api-Token": "demo",
  "Gleap-Id": sender.gleapId,
  "Gleap-Hash": sender.gleapHash,
});
const sessionHeaders = () => headersOf(session);

async function created(body: unknown, headers?: Record<string, string>): Promise<Created> {
  const response = await postReport(JSON.stringify(body), headers);
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
}

async function reportCount(): Promise<number> {
  const [{ total }] = await server.db.sql`SELECT count(*) AS total FROM feedback_reports`;
  return Number(total);
}

async function rowOf(id: string) {
  const [row] = await server.db.sql`SELECT * FROM feedback_reports WHERE id = ${id}`;
  return row;
}

const reportsDir = () => join(server.dataDir, "files", "reports");

async function storedReportDirs(): Promise<string[]> {
  try {
    return await readdir(reportsDir());
  } catch {
    return [];
  }
}

async function newSession(): Promise<{ gleapId: string; gleapHash: string }> {
  const response = await fetch(`${main}/api/widget/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json;charset=UTF-8", "Api-Token": "demo" },
    body: JSON.stringify({ lang: "en-us" }),
  });
  return (await response.json()) as { gleapId: string; gleapHash: string };
}

startBeforeAll(startTestServer, async (started) => {
  server = started;
  main = server.mainUrl;
  session = await newSession();
});

describe("POST /api/widget/bugs/v2", () => {
  test("an empty report is stored with the defaults and answered 201", async () => {
    const before = await reportCount();
    const started = Date.now();
    const response = await postReport("{}");
    expect(response.status).toBe(201);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as Created;
    expect(Object.keys(body).sort()).toEqual(["createdAt", "id", "priority", "shortId", "status", "type"]);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.shortId).toMatch(/^FB-\d+$/);
    expect(body.type).toBe("BUG");
    expect(body.priority).toBe("LOW");
    expect(body.status).toBe("OPEN");
    expect(Math.abs(Date.parse(body.createdAt) - started)).toBeLessThan(10_000);
    expect(await reportCount()).toBe(before + 1);

    const row = await rowOf(body.id);
    expect(row.type).toBe("BUG");
    expect(row.priority).toBe("LOW");
    expect(row.status).toBe("OPEN");
    expect(Boolean(row.is_silent)).toBe(false);
    expect(row.session_id).toBeNull();
    expect(`FB-${row.number}`).toBe(body.shortId);
    expect(row.created_at).toBe(body.createdAt);
    expect(JSON.parse(row.console_log)).toEqual([]);
    expect(JSON.parse(row.form_data)).toEqual({});
    expect(JSON.parse(row.tags)).toEqual([]);
    expect(row.screenshot).toBeNull();
    expect(row.web_replay_key).toBeNull();
  });

  test("an empty body is read as an empty report", async () => {
    const response = await postReport("");
    expect(response.status).toBe(201);
    expect(((await response.json()) as Created).type).toBe("BUG");
  });

  test("short ids increase by one per report", async () => {
    const first = await created({});
    const second = await created({ type: "FEATURE_REQUEST" });
    const third = await created({}, sessionHeaders());
    const numberOf = (shortId: string) => Number(shortId.slice("FB-".length));
    expect(numberOf(second.shortId)).toBe(numberOf(first.shortId) + 1);
    expect(numberOf(third.shortId)).toBe(numberOf(second.shortId) + 1);
    expect(second.type).toBe("FEATURE_REQUEST");
  });

  test("a silent crash report as the reference client sends it is stored whole with its session", async () => {
    const crash = {
      type: "CRASH",
      priority: "MEDIUM",
      isSilent: true,
      customData: { plan: "pro", seats: 3 },
      metaData: {
        browserName: "Chrome 126.0",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0",
        browser: "Chrome",
        systemName: "Linux",
        buildVersionNumber: "",
        releaseVersionNumber: "",
        sessionDuration: 12.5,
        devicePixelRatio: 2,
        screenWidth: 1920,
        screenHeight: 1080,
        innerWidth: 1280,
        innerHeight: 720,
        currentUrl: "https://customer.example/checkout",
        language: "en-US",
        mobile: false,
        sdkVersion: "14.6.7",
        sdkType: "javascript",
        environment: "prod",
      },
      consoleLog: [
        { log: "app started", date: "2026-01-01T10:00:00.000Z", priority: "INFO" },
        { log: "TypeError: x is undefined", date: "2026-01-01T10:00:01.000Z", priority: "ERROR" },
      ],
      networkLogs: [
        { type: "RESOURCE", url: "https://customer.example/app.js", duration: 42, initiatorType: "script" },
        { type: "RESOURCE", url: "https://customer.example/app.css", duration: 7, initiatorType: "link" },
      ],
      customEventLog: [
        { name: "sessionStarted", date: "2026-01-01T10:00:00.000Z" },
        { name: "pageView", date: "2026-01-01T10:00:00.500Z", data: { page: "/checkout" } },
      ],
      formData: { description: "TypeError: x is undefined", reportedBy: "visitor@example.com" },
    };
    const before = await reportCount();
    const body = await created(crash, sessionHeaders());
    expect(body.type).toBe("CRASH");
    expect(body.priority).toBe("MEDIUM");
    expect(body.status).toBe("OPEN");
    expect(await reportCount()).toBe(before + 1);

    const row = await rowOf(body.id);
    expect(row.session_id).toBe(session.gleapId);
    expect(row.type).toBe("CRASH");
    expect(row.priority).toBe("MEDIUM");
    expect(Boolean(row.is_silent)).toBe(true);
    expect(JSON.parse(row.custom_data)).toEqual(crash.customData);
    expect(JSON.parse(row.meta_data)).toEqual(crash.metaData);
    expect(JSON.parse(row.console_log)).toEqual(crash.consoleLog);
    expect(JSON.parse(row.network_logs)).toEqual(crash.networkLogs);
    expect(JSON.parse(row.custom_event_log)).toEqual(crash.customEventLog);
    expect(JSON.parse(row.form_data)).toEqual(crash.formData);
    expect(row.screenshot).toBeNull();
    expect(row.screenshot_html_key).toBeNull();
    expect(row.web_replay_key).toBeNull();
  });

  test("the other optional fields are stored as sent", async () => {
    const report = {
      outbound: "outbound-1",
      spamToken: "token-123",
      tags: ["checkout", "urgent"],
      ticketAttributes: { area: "billing" },
      excludeData: { screenshot: true, replays: false },
      screenRecordingUrl: "https://files.example/recording.webm",
    };
    const body = await created(report);
    const row = await rowOf(body.id);
    expect(row.outbound).toBe("outbound-1");
    expect(row.spam_token).toBe("token-123");
    expect(JSON.parse(row.tags)).toEqual(["checkout", "urgent"]);
    expect(JSON.parse(row.ticket_attributes)).toEqual({ area: "billing" });
    expect(JSON.parse(row.exclude_data)).toEqual({ screenshot: true, replays: false });
    expect(row.screen_recording_url).toBe("https://files.example/recording.webm");
  });

  test("long logs keep their newest entries: 500 console, 70 network, 500 events", async () => {
    const consoleLog = Array.from({ length: 600 }, (_, i) => ({ log: `line ${i}`, priority: "INFO" }));
    const networkLogs = Array.from({ length: 100 }, (_, i) => ({
      type: "GET",
      url: `https://a.example/${i}`,
    }));
    const customEventLog = Array.from({ length: 600 }, (_, i) => ({ name: `event-${i}` }));
    const body = await created({ consoleLog, networkLogs, customEventLog });
    const row = await rowOf(body.id);
    // Logs this long are kept compressed in `packed_parts`, their text columns left empty.
    expect([row.console_log, row.network_logs, row.custom_event_log]).toEqual(["[]", "[]", "[]"]);
    expect(row.packed_parts).toBeInstanceOf(Uint8Array);
    const stored = await findReport(server.db.sql, body.id);

    const storedConsole = stored?.consoleLog as Array<{ log: string }>;
    expect(storedConsole).toHaveLength(500);
    expect(storedConsole[0]?.log).toBe("line 100");
    expect(storedConsole[499]?.log).toBe("line 599");

    const storedNetwork = stored?.networkLogs as Array<{ url: string }>;
    expect(storedNetwork).toHaveLength(70);
    expect(storedNetwork[0]?.url).toBe("https://a.example/30");
    expect(storedNetwork[69]?.url).toBe("https://a.example/99");

    const storedEvents = stored?.customEventLog as Array<{ name: string }>;
    expect(storedEvents).toHaveLength(500);
    expect(storedEvents[0]?.name).toBe("event-100");
    expect(storedEvents[499]?.name).toBe("event-599");
  });

  test("short logs stay as text in the row", async () => {
    const consoleLog = [{ log: "one line", priority: "INFO" }];
    const body = await created({ consoleLog });
    const row = await rowOf(body.id);
    expect(JSON.parse(row.console_log)).toEqual(consoleLog);
    expect(row.packed_parts).toBeNull();
  });

  test("an HTML snapshot over 64 KB goes to storage compressed, and the row keeps the rest", async () => {
    const html = `<!doctype html><html><body>${"<p>snapshot</p>".repeat(5000)}</body></html>`;
    expect(html.length).toBeGreaterThan(64 * 1024);
    const view = {
      baseUrl: "https://customer.example/",
      width: 1280,
      height: 720,
      isMobile: false,
      x: 10,
      y: 20,
    };
    const body = await created({ screenshotData: { html, ...view } });
    const row = await rowOf(body.id);
    expect(row.screenshot_html_key).toBe(`reports/${body.id}/snapshot.html.zst`);
    const screenshot = JSON.parse(row.screenshot) as Record<string, unknown>;
    expect(screenshot).toEqual(view);
    expect(screenshot).not.toHaveProperty("html");
    const file = Bun.file(join(reportsDir(), body.id, "snapshot.html.zst"));
    const stored = await file.bytes();
    // The zstd magic number, then the HTML once expanded, in a small part of its size.
    expect([...stored.subarray(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    expect(Bun.zstdDecompressSync(stored).toString("utf8")).toBe(html);
    expect(stored.byteLength).toBeLessThan(html.length / 10);
  });

  test("the 64 KB limit counts bytes, not characters", async () => {
    // 30,000 euro signs: 30,000 characters but 90,000 bytes of UTF-8.
    const html = "€".repeat(30_000);
    const body = await created({ screenshotData: { html } });
    const row = await rowOf(body.id);
    expect(row.screenshot_html_key).toBe(`reports/${body.id}/snapshot.html.zst`);
    const stored = await Bun.file(join(reportsDir(), body.id, "snapshot.html.zst")).bytes();
    expect(Bun.zstdDecompressSync(stored).toString("utf8")).toBe(html);
  });

  test("a small HTML snapshot stays in the row", async () => {
    const screenshotData = { html: "<p>small</p>", baseUrl: "https://customer.example/", width: 800 };
    const body = await created({ screenshotData });
    const row = await rowOf(body.id);
    expect(row.screenshot_html_key).toBeNull();
    expect(JSON.parse(row.screenshot)).toEqual(screenshotData);
    expect(await storedReportDirs()).not.toContain(body.id);
  });

  test("a web replay is stored zstd-compressed in storage", async () => {
    const webReplay = {
      startDate: 1767261600000,
      events: [
        { type: 4, timestamp: 1767261600000, data: { href: "https://customer.example/", width: 1280 } },
        { type: 2, timestamp: 1767261600010, data: { node: { id: 1, childNodes: [] } } },
      ],
      baseUrl: "https://customer.example/",
      width: 1280,
      height: 720,
      isMobile: false,
      type: "rrweb",
    };
    const body = await created({ webReplay });
    const row = await rowOf(body.id);
    expect(row.web_replay_key).toBe(`reports/${body.id}/replay.json.zst`);
    const files = await readdir(join(reportsDir(), body.id));
    expect(files).toContain("replay.json.zst");
    const packed = await Bun.file(join(reportsDir(), body.id, "replay.json.zst")).bytes();
    // The zstd magic number, then the JSON once expanded.
    expect([...packed.subarray(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    expect(JSON.parse(Bun.zstdDecompressSync(packed).toString("utf8"))).toEqual(webReplay);
  });
});

describe("POST /api/widget/bugs/v2 refusals", () => {
  async function expectNothingStored(run: () => Promise<void>) {
    const before = await reportCount();
    const dirsBefore = (await storedReportDirs()).length;
    await run();
    expect(await reportCount()).toBe(before);
    expect((await storedReportDirs()).length).toBe(dirsBefore);
  }

  test("a body over 20 MB answers 413 naming the limit", async () => {
    await expectNothingStored(async () => {
      const body = JSON.stringify({ formData: { description: "x".repeat(20 * 1024 * 1024 + 16) } });
      const response = await postReport(body);
      expect(response.status).toBe(413);
      expect(response.headers.get("content-type")).toContain("application/json");
      const answer = (await response.json()) as { error: string };
      expect(answer.error).toContain("20 MB");
    });
  });

  test("a streamed body without Content-Length is cut off at 20 MB too", async () => {
    await expectNothingStored(async () => {
      const chunk = new TextEncoder().encode("x".repeat(1024 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('{"formData":{"description":"'));
          if (sent >= 22) {
            controller.enqueue(new TextEncoder().encode('"}}'));
            controller.close();
            return;
          }
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${main}/api/widget/bugs/v2`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Api-Token": "demo" },
        body: stream,
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { error: string }).error).toContain("20 MB");
    });
  });

  test("an unknown top-level key answers 400 naming it", async () => {
    await expectNothingStored(async () => {
      await expectError(await postReport(JSON.stringify({ type: "BUG", severity: "HIGH" })), 400, {
        error: "Unknown field severity",
        field: "severity",
      });
    });
  });

  test.each([
    ["priority", { priority: "URGENT" }],
    ["tags", { tags: "checkout" }],
    ["type", { type: "bug report" }],
    ["isSilent", { isSilent: "yes" }],
    ["consoleLog.0.log", { consoleLog: [{ priority: "INFO" }] }],
    ["screenshotData.width", { screenshotData: { width: "wide" } }],
    ["webReplay.events", { webReplay: { startDate: 1 } }],
  ])("a wrong %s answers 400 naming the field", async (field, report) => {
    await expectNothingStored(async () => {
      const response = await postReport(JSON.stringify(report));
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: string; field: string };
      expect(answer.field).toBe(field);
      expect(answer.error).toContain(field);
    });
  });

  test("invalid JSON answers 400", async () => {
    await expectNothingStored(async () => {
      await expectError(await postReport('{"type": "BUG",'), 400, {
        error: "Request body is not valid JSON",
      });
    });
  });

  test("a JSON array answers 400", async () => {
    await expectNothingStored(async () => {
      const response = await postReport("[]");
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain("JSON object");
    });
  });

  test("a missing Api-Token answers 401", async () => {
    await expectNothingStored(async () => {
      const response = await postReport("{}", {});
      expect(response.status).toBe(401);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(await response.json()).toEqual({ error: "Missing Api-Token header" });
    });
  });

  test("session headers without an Api-Token answer 401", async () => {
    await expectNothingStored(async () => {
      await expectError(
        await postReport("{}", {
          "Gleap-Id": session.gleapId,
          "Gleap-Hash": session.gleapHash,
        }),
        401,
        { error: "Missing Api-Token header" },
      );
    });
  });

  test("an unknown Api-Token answers 401", async () => {
    await expectNothingStored(async () => {
      await expectError(await postReport("{}", { "Api-Token": "no-such-key" }), 401, {
        error: "Unknown SDK key",
      });
    });
  });

  test("a wrong Gleap-Hash answers 401", async () => {
    await expectNothingStored(async () => {
      await expectError(
        await postReport("{}", {
          "Api-Token": "demo",
          "Gleap-Id": session.gleapId,
          "Gleap-Hash": "0".repeat(64),
        }),
        401,
        { error: "Invalid session" },
      );
    });
  });
});

describe("POST /api/widget/bugs/v2 with an Idempotency-Key", () => {
  const withKey = (key: string, headers: Record<string, string> = { "Api-Token": "demo" }) => ({
    ...headers,
    "Idempotency-Key": key,
  });
  const rowsWithKey = async (key: string) => {
    const [{ total }] = await server.db
      .sql`SELECT count(*) AS total FROM feedback_reports WHERE idempotency_key = ${key}`;
    return Number(total);
  };

  test("the same key twice stores one report and answers the first report's answer again", async () => {
    const key = Bun.randomUUIDv7();
    const before = await reportCount();
    const body = {
      type: "CRASH",
      priority: "HIGH",
      formData: { description: "sent twice" },
      screenshotData: {
        html: `<p>${"x".repeat(70_000)}</p>`,
        baseUrl: "https://host.example/",
        width: 1,
        height: 1,
      },
    };
    const dirsBefore = (await storedReportDirs()).length;
    const first = await created(body, withKey(key, sessionHeaders()));
    const second = await created(body, withKey(key, sessionHeaders()));
    expect(second).toEqual(first);
    expect(await reportCount()).toBe(before + 1);
    expect(await rowsWithKey(key)).toBe(1);
    // The repeat's parts were never written: one report's files, not two.
    expect((await storedReportDirs()).length).toBe(dirsBefore + 1);
  });

  test("a repeat is answered as the first send was, even after staff moved the report on", async () => {
    const key = Bun.randomUUIDv7();
    const first = await created({ formData: { description: "closed later" } }, withKey(key));
    await server.db.sql`UPDATE feedback_reports SET status = ${"DONE"} WHERE id = ${first.id}`;
    expect(await created({ formData: { description: "closed later" } }, withKey(key))).toEqual(first);
  });

  test("a repeat of the same body gives its quota hit back: the sender's report is counted once", async () => {
    const key = Bun.randomUUIDv7();
    const sender = await newSession();
    const body = { formData: { description: "counted once" } };
    const counted = async () => {
      const [row] = await server.db.sql`SELECT coalesce(sum(reports), 0) AS total FROM report_quota_usage
        WHERE key LIKE ${`session:${sender.gleapId}:%`}`;
      return Number(row.total);
    };
    const first = await created(body, withKey(key, headersOf(sender)));
    expect(await created(body, withKey(key, headersOf(sender)))).toEqual(first);
    expect(await counted()).toBe(1);
  });

  test("the sender's key with another body answers 409 and stores nothing; an unreadable one 400", async () => {
    const key = Bun.randomUUIDv7();
    const sender = headersOf(await newSession());
    const first = await created({ formData: { description: "first" } }, withKey(key, sender));
    const before = await reportCount();
    await expectError(
      await postReport(JSON.stringify({ formData: { description: "second" } }), withKey(key, sender)),
      409,
      {
        error:
          "This Idempotency-Key was already used for a different report; send a new report with a new key",
        field: "Idempotency-Key",
      },
    );
    expect((await postReport("{not json", withKey(key, sender))).status).toBe(400);
    expect(await reportCount()).toBe(before);
    expect(await rowsWithKey(key)).toBe(1);
    // The report itself is still answered to its repeat.
    expect(await created({ formData: { description: "first" } }, withKey(key, sender))).toEqual(first);
  });

  test("another session's key is its own: B reusing A's key stores B's report and answers B's id", async () => {
    const key = Bun.randomUUIDv7();
    const body = { formData: { description: "the same words" } };
    const a = await newSession();
    const b = await newSession();
    const fromA = await created(body, withKey(key, headersOf(a)));
    const fromB = await created(body, withKey(key, headersOf(b)));
    expect(fromB.id).not.toBe(fromA.id);
    expect(fromB.shortId).not.toBe(fromA.shortId);
    expect((await rowOf(fromB.id)).session_id).toBe(b.gleapId);
    // Each sender's repeat still finds its own report.
    expect(await created(body, withKey(key, headersOf(b)))).toEqual(fromB);
    expect(await created(body, withKey(key, headersOf(a)))).toEqual(fromA);
    // The SDK key alone (no session) is a sender of its own too.
    const keyOnly = await created(body, withKey(key));
    expect([fromA.id, fromB.id]).not.toContain(keyOnly.id);
    expect(await rowsWithKey(key)).toBe(3);
  });

  test("a key claimed first with the SDK key alone never swallows a session's report", async () => {
    const key = Bun.randomUUIDv7();
    const claimed = await created({ formData: { description: "claimed first" } }, withKey(key));
    const victim = await created(
      { formData: { description: "the real one" } },
      withKey(key, headersOf(await newSession())),
    );
    expect(victim.id).not.toBe(claimed.id);
    expect((await rowOf(victim.id)).form_data).toContain("the real one");
    expect(await rowsWithKey(key)).toBe(2);
  });

  test("sends of one key racing each other store one report and all answer it", async () => {
    const key = Bun.randomUUIDv7();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => created({ formData: { description: "raced" } }, withKey(key))),
    );
    expect(await rowsWithKey(key)).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0] as Created);
  });

  test("different keys are different reports, and reports without a key never collide", async () => {
    const before = await reportCount();
    const one = await created({}, withKey(Bun.randomUUIDv7()));
    const two = await created({}, withKey(Bun.randomUUIDv7()));
    const three = await created({});
    const four = await created({});
    expect(new Set([one.id, two.id, three.id, four.id]).size).toBe(4);
    expect(await reportCount()).toBe(before + 4);
  });

  test("one key in two projects is two reports: a key is unique per project and sender", async () => {
    const key = Bun.randomUUIDv7();
    const otherId = Bun.randomUUIDv7();
    const otherKey = `other-${otherId}`;
    await server.db.sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
      VALUES (${otherId}, ${"Other"}, ${otherKey}, ${"secret"}, ${"{}"}, ${new Date().toISOString()})`;
    const demo = await created({}, withKey(key));
    const other = await created({}, withKey(key, { "Api-Token": otherKey }));
    expect(other.id).not.toBe(demo.id);
    expect(await rowsWithKey(key)).toBe(2);
  });

  test("a malformed key answers 400 and stores nothing", async () => {
    const before = await reportCount();
    await expectError(await postReport("{}", withKey("has spaces")), 400, {
      error: "Idempotency-Key must be 1 to 128 printable ASCII characters without spaces",
      field: "Idempotency-Key",
    });
    expect(await reportCount()).toBe(before);
  });

  test("a browser on another origin may send the header (CORS preflight)", async () => {
    const response = await fetch(`${main}/api/widget/bugs/v2`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://host.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "api-token, content-type, idempotency-key",
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-headers")).toContain("idempotency-key");
  });
});
