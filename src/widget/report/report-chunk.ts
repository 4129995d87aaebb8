import { storedReportsFlag } from "../../shared/stored-reports-flag.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { buildCrashReport } from "./crash-report.ts";
import { createReportNotice } from "./report-notice.ts";
import { createReportOutbox, type ReportOutbox } from "./report-outbox.ts";
import { createIndexedDbReportStore } from "./report-store.ts";

let outbox: ReportOutbox | null = null;
let crash: ((args: unknown[]) => Promise<unknown>) | null = null;

const warn = (message: string, error?: unknown) => console.warn(`Gleap: ${message}`, error ?? "");

/** 128 random bits as hex: `crypto.randomUUID` exists only in secure contexts, host pages may be http. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Lazy chunk entry of reports on their way (spec §3):
 *
 * - `send` (report): the messenger's report goes through the outbox (report-outbox.ts): kept in
 *   IndexedDB until the server's 2xx, sent again with backoff, when the network is back, and at the
 *   project's next start. Answers a `ReportDelivery`. The visitor sees a notice while it waits with
 *   the messenger closed, and when it arrives after waiting (report-notice.ts).
 * - `prepareReports`: the messenger's frame answered (asked at the page's next idle moment): this
 *   chunk is on the page before the visitor can press Send, so a report sent offline is kept rather
 *   than lost with a chunk that cannot be fetched.
 * - `sendStored`: the loader found this project's flag at a session's start: kept reports go now.
 * - `crash` (formData, priority, excludeData): a silent CRASH report with the page snapshot and the
 *   web replay unless excluded (crash-report.ts), through the same outbox without any notice;
 *   answers the server's answer, or nothing when kept.
 *
 * Loaded with the messenger or when kept reports wait, never on a plain page view.
 */
export function mount(context: WidgetChunkContext): () => void {
  const { host, events } = context;
  const flag = storedReportsFlag(host.sdkKey);
  const notice = createReportNotice({
    root: context.root,
    nonce: context.nonce,
    language: () => host.language(),
    flowConfig: () => host.flowConfig(),
    now: Date.now,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
  });
  const current = createReportOutbox({
    sdkKey: host.sdkKey,
    store: createIndexedDbReportStore(window.indexedDB),
    post: (body, key) => host.postReport(body, key),
    newKey,
    markKept: (kept) => {
      try {
        if (kept) window.localStorage.setItem(flag, "1");
        else window.localStorage.removeItem(flag);
      } catch {
        // Without localStorage the kept reports go when this chunk next loads (a report, `online`).
      }
    },
    notify: notice.outbox,
    report: warn,
    now: Date.now,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
  });
  const online = () => current.online();
  window.addEventListener("online", online);
  notice.messenger(host.isOpened());
  const unsubscribe = [
    events.on("open", () => notice.messenger(true)),
    events.on("close", () => notice.messenger(false)),
    events.on("language-changed", notice.render),
    events.on("config-changed", notice.render),
  ];
  outbox = current;
  crash = (args) =>
    buildCrashReport(host, window, args).then(async (body) => {
      const delivery = await current.send(body);
      return delivery.status === "sent" ? delivery.answer : undefined;
    });
  return () => {
    window.removeEventListener("online", online);
    for (const stop of unsubscribe) stop();
    current.stop();
    notice.destroy();
    if (outbox === current) {
      outbox = null;
      crash = null;
    }
  };
}

export function run(command: SurfaceCommand<"report">, args: unknown[]): unknown {
  if (!outbox) return undefined;
  switch (command) {
    case "send":
      return outbox.send(args[0] as Record<string, unknown>, { told: true });
    case "sendStored":
      return outbox.sendKept();
    case "crash":
      return crash?.(args);
    default:
      // `prepareReports`: mounting was all it asked for.
      return undefined;
  }
}
