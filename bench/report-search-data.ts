import { STATUS_CODES } from "node:http";
import type { SQL } from "bun";
import { insertRows, type Row } from "../src/server/demo-data/bulk-insert.ts";
import { createRandom, type Random } from "../src/server/demo-data/random.ts";
import { insertReportDocuments, type ReportDocument } from "../src/server/domain/search/search-documents.ts";
import { reportSearchText } from "../src/server/domain/search/search-text.ts";

/**
 * A shop's feedback inbox for bench/report-search.ts: reports as the widget files them (descriptions
 * in a support team's words, console logs with errors among the noise, failed requests with their
 * status codes, the page, custom data with the customer's plan, tags on some, identified reporters on
 * most), seeded, inserted in bulk with their search documents as the intake would index them.
 */

const areas = [
  "checkout",
  "cart",
  "payment",
  "login",
  "signup",
  "profile",
  "settings",
  "invoice",
  "export",
  "search",
  "filter",
  "wishlist",
  "coupon",
  "shipping",
  "order history",
  "dashboard",
  "notifications",
  "upload",
];
const problems = [
  "button does nothing",
  "page stays blank",
  "spinner never stops",
  "shows an error",
  "is very slow",
  "loses my changes",
  "crashes the tab",
  "layout overlaps",
  "charges me twice",
  "times out",
  "does not load on mobile",
  "shows the wrong total",
  "logs me out",
  "ignores my input",
];
const contexts = [
  "when I apply a coupon",
  "after I log in",
  "on Safari",
  "on my iPhone",
  "in dark mode",
  "since the update",
  "with a saved card",
  "for my team account",
  "when I switch the language",
  "on the second try",
  "after adding ten items",
  "in Firefox",
  "on Android",
  "with a gift card",
];
const plans = ["Free", "Free", "Free", "Pro", "Pro", "Team", "Enterprise"];
const tagPool = ["vip", "regression", "payments", "mobile", "needs-info", "duplicate", "churn-risk"];
/** Failed requests' statuses with their reason phrases; 0 is a request that got no answer at all. */
const failures = [500, 502, 503, 404, 401, 403, 422, 0].map((status) => ({
  status,
  text: STATUS_CODES[status] ?? "",
}));
const firstNames = "Anna Ben Chloe David Elif Farid Greta Hiro Ines Jonas Lena Mateo".split(" ");
const lastNames = "Berg Costa Dubois Eriksen Fischer Garcia Hansen Ivanova Jensen Kowalski".split(" ");
const statuses = ["OPEN", "OPEN", "OPEN", "OPEN", "IN_PROGRESS", "DONE", "DONE", "ARCHIVED", "SPAM"];
const types = ["BUG", "BUG", "BUG", "BUG", "BUG", "BUG", "FEATURE_REQUEST", "INQUIRY", "CRASH"];
const priorities = ["LOW", "LOW", "MEDIUM", "MEDIUM", "HIGH", "CRITICAL"];

const slug = (text: string) => text.replace(/\s+/g, "-");

/** One console line as a shop's front end logs it. */
function consoleLine(random: Random, area: string) {
  const line = random.int(0, 5);
  if (line === 0)
    return {
      log: `TypeError: Cannot read properties of undefined (reading '${random.pick(["total", "items", "id", "price"])}') at ${slug(area)}.js:${random.int(1, 900)}:${random.int(1, 80)}`,
      priority: "ERROR",
    };
  if (line === 1)
    return {
      log: `Failed to load resource: the server responded with a status of ${random.pick(failures).status}`,
      priority: "ERROR",
    };
  if (line === 2) return { log: `[${slug(area)}] render took ${random.int(4, 900)} ms`, priority: "INFO" };
  if (line === 3)
    return { log: `Warning: ${area} state updated on an unmounted component`, priority: "WARNING" };
  if (line === 4) return { log: `fetch /api/${slug(area)}?page=${random.int(1, 40)} ok`, priority: "LOG" };
  return { log: `analytics ${slug(area)}_viewed ${random.uuid()}`, priority: "LOG" };
}

function networkLogs(random: Random, area: string) {
  const entries: Array<Record<string, unknown>> = [];
  for (let i = random.int(0, 4); i > 0; i--)
    entries.push({
      type: "GET",
      url: `https://shop.example.com/api/${slug(random.pick(areas))}`,
      success: true,
      response: { status: 200 },
    });
  if (random.chance(0.35)) {
    const failure = random.pick(failures);
    entries.push({
      type: random.pick(["POST", "GET", "PUT"]),
      url: `https://shop.example.com/api/${slug(area)}/${random.pick(["submit", "confirm", "load", "save"])}`,
      success: failure.status === 0 ? false : undefined,
      response: { status: failure.status, statusText: failure.text },
    });
  }
  return entries;
}

/** The visitors who report: most identified by the shop (e-mail, name, user id). */
export function generateSessions(random: Random, projectId: string, count: number): Row[] {
  const at = new Date(Date.UTC(2025, 0, 1)).toISOString();
  return Array.from({ length: count }, (_, i) => {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    const identified = random.chance(0.7);
    return {
      id: `bench-session-${i}`,
      project_id: projectId,
      user_id: identified ? `cust-${100000 + i}` : null,
      name: identified ? `${first} ${last}` : null,
      email: identified ? `${first}.${last}.${i}@mail.example`.toLowerCase() : null,
      created_at: at,
      last_seen_at: at,
    };
  });
}

export interface GeneratedReport {
  row: Row;
  document: ReportDocument;
}

/** Report number `n` (1-based), filed `n` minutes after the first. */
export function generateReport(
  random: Random,
  projectId: string,
  n: number,
  sessions: number,
): GeneratedReport {
  const area = random.pick(areas);
  const description = `${area[0]?.toUpperCase()}${area.slice(1)} ${random.pick(problems)} ${random.pick(contexts)}`;
  const formData = { description, ...(random.chance(0.3) ? { email: `reply.${n}@mail.example` } : {}) };
  const metaData = {
    currentUrl: `https://shop.example.com/${slug(area)}/${random.int(1, 5000)}`,
    browser: "Chrome",
  };
  const customData = {
    plan: random.pick(plans),
    accountId: `acc_${random.int(1, 20000)}`,
    appVersion: `4.${random.int(0, 30)}.0`,
  };
  const consoleLog = Array.from({ length: random.int(3, 30) }, () => consoleLine(random, area));
  const network = networkLogs(random, area);
  const tags = random.chance(0.2) ? random.sample(tagPool, random.int(1, 2)) : [];
  const id = `bench-${String(n).padStart(7, "0")}`;
  const row: Row = {
    id,
    project_id: projectId,
    session_id: random.chance(0.6) ? `bench-session-${random.int(0, sessions - 1)}` : null,
    number: n,
    type: random.pick(types),
    priority: random.pick(priorities),
    status: random.pick(statuses),
    tags: JSON.stringify(tags),
    form_data: JSON.stringify(formData),
    meta_data: JSON.stringify(metaData),
    console_log: JSON.stringify(consoleLog),
    network_logs: JSON.stringify(network),
    custom_data: JSON.stringify(customData),
    created_at: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(),
  };
  const text = reportSearchText({ formData, metaData, customData, consoleLog, networkLogs: network });
  return { row, document: { reportId: id, shortId: `FB-${n}`, text } };
}

/**
 * Inserts `count` reports after a fifth as many visitors, with their search documents, in batches;
 * answers the visitors (what the bench's searches for people are made of).
 */
export async function insertBenchReports(
  sql: SQL,
  projectId: string,
  count: number,
  onProgress: (done: number) => void = () => undefined,
): Promise<Row[]> {
  const random = createRandom("bench-report-search");
  const visitors = generateSessions(random.fork("sessions"), projectId, Math.max(1, Math.round(count / 5)));
  const sessions = visitors.length;
  await sql.begin((tx) => insertRows(tx, "widget_sessions", visitors));
  const batch = 5000;
  for (let start = 1; start <= count; start += batch) {
    const reports = Array.from({ length: Math.min(batch, count - start + 1) }, (_, i) =>
      generateReport(random, projectId, start + i, sessions),
    );
    await sql.begin(async (tx) => {
      await insertRows(
        tx,
        "feedback_reports",
        reports.map((report) => report.row),
      );
      for (let i = 0; i < reports.length; i += 500)
        await insertReportDocuments(
          tx,
          reports.slice(i, i + 500).map((report) => report.document),
        );
    });
    onProgress(start + reports.length - 1);
  }
  await sql`UPDATE widget_projects SET report_counter = ${count} WHERE id = ${projectId}`;
  return visitors;
}

/** A search staff would type into this inbox: words, phrases, prefixes, people, ids, status codes. */
function searchText(random: Random, reports: number, visitors: readonly Row[]): string {
  const identified = visitors.filter((visitor) => visitor.email !== null);
  const person = () => random.pick(identified);
  const kinds: Array<() => string> = [
    () => random.pick(areas),
    () => `${random.pick(areas)} ${random.pick(failures).status}`,
    () => `checkout ${random.pick([500, 502, 503])} ${random.pick(plans).toLowerCase()}`,
    () => String(person().email),
    () => String(person().user_id),
    () => String(person().name),
    () => `FB-${random.int(1, reports)}`,
    () => `"${random.pick(problems)}"`,
    () => `${random.pick(areas).slice(0, random.int(3, 5))}*`,
    () => random.pick(tagPool),
    () => '"cannot read properties"',
    () => `typeerror ${random.pick(["total", "items", "price"])}`,
    () => random.pick(plans),
    () => random.pick(["zebra", "kumquat", "xylophone"]),
    () => `${random.pick(areas).replace(/ /g, "-")}/${random.int(1, 5000)}`,
    () => `${random.pick(failures).status}`,
  ];
  return random.pick(kinds)();
}

/** A search as the admin's inbox sends it: the words, the filters in the URL, the first or second page. */
export function benchSearchPath(random: Random, reports: number, visitors: readonly Row[]): string {
  const q = encodeURIComponent(searchText(random, reports, visitors));
  const filters = [
    random.chance(0.6) ? "&status=OPEN" : "&status=any",
    random.chance(0.1) ? "&priority=HIGH" : "",
    random.chance(0.1) ? "&assigneeId=none" : "",
    random.chance(0.05) ? "&type=CRASH" : "",
    random.chance(0.1) ? "&unread=true" : "",
  ].join("");
  const page = random.chance(0.15) ? 2 : 1;
  return `/api/feedback?q=${q}${filters.replace("&status=any", "")}&sort=-createdAt&page=${page}&pageSize=25`;
}
