import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { serviceRestartCloseCode } from "../shared/service-restart.ts";
import {
  type LoadTarget,
  lostWrites,
  newLedger,
  runWriteLoad,
  type WriteLedger,
} from "./test-support/acknowledged-writes.ts";
import { logIn } from "./test-support/api-calls.ts";
import { type FixtureWorkDir, fixtureWorkDir, loopbackServerEnv } from "./test-support/fixture-work-dir.ts";
import { freeLoopbackPorts } from "./test-support/free-ports.ts";
import { sessionHeaders } from "./test-support/outbound-test-support.ts";
import { type ServerProcess, startServerProcess } from "./test-support/server-process.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";
import { until } from "./test-support/until.ts";
import {
  comebacks,
  openStaffClients,
  openWidgetClients,
  percentile,
} from "./test-support/watched-clients.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * A real restart: process A under a mixed write load and with widget and staff sockets open gets
 * SIGTERM while requests are in flight; process B starts on the same ports and data folder as soon as
 * A's ports are free. Every write A or B acknowledged is in the file afterwards, nothing else was
 * answered but connection errors and 503s, and every socket was closed with 1012 and came back to B.
 * Then the same load under kill -9: what was acknowledged is there too.
 */
let work: FixtureWorkDir;
let env: Record<string, string>;
let mainPort: number;
let messengerPort: number;
const running: ServerProcess[] = [];
const loadLoops = { session: 2, ping: 4, report: 2, note: 2 };

async function portsFree(ports: number[]): Promise<void> {
  for (;;) {
    try {
      for (const port of ports) Bun.listen({ hostname: "127.0.0.1", port, socket: { data() {} } }).stop(true);
      return;
    } catch {
      await Bun.sleep(5);
    }
  }
}

beforeAll(async () => {
  work = await fixtureWorkDir("graceful-restart-");
  // The processes of one test bind the same two ports, one after the other.
  [mainPort = 0, messengerPort = 0] = freeLoopbackPorts(2);
  env = {
    ...loopbackServerEnv(work),
    PORT: String(mainPort),
    MESSENGER_PORT: String(messengerPort),
    LOG_LEVEL: "warn",
    DEMO_DATA: "minimal",
    CAPTCHA_PROVIDER: "off",
    RATE_LIMITS: "0",
    SHUTDOWN_TIMEOUT_MS: "5000",
  };
});

afterAll(async () => {
  for (const server of running) await server.stop();
  await work?.dispose();
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  running.push(server);
  return server;
}

const mainUrl = () => `http://127.0.0.1:${mainPort}`;
const databaseFile = () => join(work.dir, "data", "app.sqlite");

/** A widget session, an admin's token and a report to write notes on. */
async function prepareTarget(): Promise<LoadTarget> {
  const started = await fetch(`${mainUrl()}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo" },
    body: "{}",
  });
  const session = (await started.json()) as LoadTarget["session"];
  const report = await fetch(`${mainUrl()}/api/widget/bugs/v2`, {
    method: "POST",
    headers: sessionHeaders(session, "application/json"),
    body: JSON.stringify({ formData: { description: "notes go here" } }),
  });
  expect(report.status).toBe(201);
  const { id: reportId } = (await report.json()) as { id: string };
  return { mainUrl: mainUrl(), session, adminToken: await logIn(mainUrl(), "admin", "admin"), reportId };
}

/**
 * Lets the load run for at least `minMs` and until the ledger holds `count` acknowledged writes (at
 * most `capMs`): a loaded machine reaches the count later, not less surely.
 */
async function loadFor(ledger: WriteLedger, count: number, minMs: number, capMs: number): Promise<void> {
  const started = performance.now();
  await Bun.sleep(minMs);
  while (acknowledged(ledger) < count && performance.now() - started < capMs) await Bun.sleep(20);
}

/** A report whose body arrives in pieces over `ms`: it is under way when the signal comes. */
async function slowReport(target: LoadTarget, ledger: WriteLedger, ms: number): Promise<number> {
  const bytes = new TextEncoder().encode(
    JSON.stringify({ formData: { description: `slow ${Bun.randomUUIDv7()}` }, consoleLog: [] }),
  );
  const pieces = 8;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= bytes.length) return controller.close();
      await Bun.sleep(ms / pieces);
      const next = Math.min(bytes.length, sent + Math.ceil(bytes.length / pieces));
      controller.enqueue(bytes.slice(sent, next));
      sent = next;
    },
  });
  const response = await fetch(`${target.mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: sessionHeaders(target.session, "application/json"),
    body,
  });
  if (response.status === 201) ledger.reports.push(((await response.json()) as { id: string }).id);
  return response.status;
}

const acknowledged = (ledger: WriteLedger) =>
  ledger.sessions.length + ledger.pages.length + ledger.reports.length + ledger.notes.length;

describe("a restart under load", () => {
  test(
    "SIGTERM drains A, B takes over: no acknowledged write lost, every socket back on B",
    async () => {
      const a = await start();
      const target = await prepareTarget();
      const widgets = openWidgetClients(
        mainUrl(),
        Array.from({ length: 12 }, () => target.session),
      );
      const staff = openStaffClients(mainUrl(), target.adminToken, 3);
      const sockets = () => [...widgets.lives(), ...staff.lives()];
      await until(() => sockets().length === 15 && sockets().every((life) => life.opens.length === 1), 5000, {
        what: "sockets open",
        everyMs: 10,
      });

      const ledger = newLedger();
      let loading = true;
      const load = runWriteLoad(target, ledger, () => loading, loadLoops);
      await loadFor(ledger, 60, 2000, 12_000);
      const slow = slowReport(target, ledger, 800);
      await Bun.sleep(200);

      const inFlight = ledger.inFlight();
      const signalled = performance.now();
      a.kill("SIGTERM");
      const aExit = a.exited.then((code) => ({ code, ms: performance.now() - signalled }));
      await portsFree([mainPort, messengerPort]);
      const portsFreeMs = performance.now() - signalled;
      const b = await start();
      const bReadyMs = performance.now() - signalled;
      const exit = await aExit;
      await until(() => comebacks(sockets(), signalled).every((entry) => entry.awayMs !== null), 10_000, {
        what: "every socket back",
        everyMs: 10,
      });
      const slowStatus = await slow;
      // The load goes on against B for a moment: B answers what A no longer takes.
      const ackedBeforeB = acknowledged(ledger);
      await loadFor(ledger, ackedBeforeB + 45, 500, 8000);
      loading = false;
      await load;

      // B's staff sockets are live: a note written now reaches every tab.
      const note = await fetch(`${mainUrl()}/api/feedback/${target.reportId}/notes`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${target.adminToken}` },
        body: JSON.stringify({ text: "after the restart" }),
      });
      expect(note.status).toBe(201);
      ledger.notes.push("after the restart");
      await until(
        () =>
          staff
            .lives()
            .every((life) => life.messages.some((message) => message.includes("after the restart"))),
        3000,
        { what: "the note's push on every staff socket", everyMs: 10 },
      );
      widgets.close();
      staff.close();
      const bStop = performance.now();
      b.kill("SIGTERM");
      expect(await b.exited).toBe(0);
      const bStopMs = performance.now() - bStop;

      const lost = await lostWrites(databaseFile(), ledger, target.session.gleapId);
      const back = comebacks(sockets(), signalled);
      const away = back.map((entry) => entry.awayMs ?? Number.NaN);
      console.log(
        [
          `acknowledged ${acknowledged(ledger)} (sessions ${ledger.sessions.length}, pings ${ledger.pages.length}, reports ${ledger.reports.length}, notes ${ledger.notes.length}; ${ackedBeforeB} before the load went on against B), lost ${lost.sessions.length + lost.pages.length + lost.reports.length + lost.notes.length}`,
          `refused ${JSON.stringify(ledger.refused)}; in flight at SIGTERM ${inFlight} (+1 slow report: ${slowStatus})`,
          `A: ports free after ${Math.round(portsFreeMs)} ms, exit ${exit.code} after ${Math.round(exit.ms)} ms; B ready ${Math.round(bReadyMs)} ms after SIGTERM; B's own stop ${Math.round(bStopMs)} ms`,
          `sockets: ${back.length} closed with ${[...new Set(back.map((entry) => entry.code))].join(", ")}; back after p50 ${percentile(away, 0.5)} ms, max ${percentile(away, 1)} ms; staff reconnect listeners ${staff.reconnects.join(", ")}`,
        ].join("\n"),
      );

      expect(ledger.unexpected).toEqual([]);
      expect(lost).toEqual({ sessions: [], pages: [], reports: [], notes: [], consistency: [] });
      expect(acknowledged(ledger)).toBeGreaterThan(100);
      expect(slowStatus).toBe(201);
      expect(exit.code).toBe(0);
      expect(exit.ms).toBeLessThan(5000 + 2000);
      expect(back.map((entry) => entry.code)).toEqual(back.map(() => serviceRestartCloseCode));
      expect(staff.reconnects).toEqual([1, 1, 1]);
      expect(a.output()).not.toContain('"level":"error"');
      // Neither the one taking over: a fold of its own or of what A left failed there otherwise.
      expect(b.output()).not.toContain('"level":"error"');
    },
    processTestTimeoutMs,
  );

  test(
    "kill -9 under the same load: every acknowledged write is there after the next start",
    async () => {
      const c = await start();
      const target = await prepareTarget();
      const ledger = newLedger();
      let loading = true;
      const load = runWriteLoad(target, ledger, () => loading, loadLoops);
      // Killed in the middle of the load once more than 50 writes were acknowledged (at least 1.5 s in,
      // at most 15 s: a loaded machine reaches the count later, it does not fail it).
      const loadStarted = Date.now();
      await Bun.sleep(1500);
      while (acknowledged(ledger) <= 50 && Date.now() - loadStarted < 15_000) await Bun.sleep(100);
      c.kill("SIGKILL");
      await c.exited;
      loading = false;
      await load;
      const d = await start();
      expect((await fetch(`${mainUrl()}/healthz`)).status).toBe(200);
      d.kill("SIGTERM");
      expect(await d.exited).toBe(0);

      const lost = await lostWrites(databaseFile(), ledger, target.session.gleapId);
      console.log(
        `kill -9: acknowledged ${acknowledged(ledger)}, lost ${lost.sessions.length + lost.pages.length + lost.reports.length + lost.notes.length}; refused ${JSON.stringify(ledger.refused)}`,
      );
      expect(ledger.unexpected).toEqual([]);
      expect(lost).toEqual({ sessions: [], pages: [], reports: [], notes: [], consistency: [] });
      expect(acknowledged(ledger)).toBeGreaterThan(50);
    },
    processTestTimeoutMs,
  );
});
