import { storedReportsFlag } from "../../shared/stored-reports-flag.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { buildCrashReport } from "./crash-report.ts";
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
 * Lazy chunk entry of reports on their way (issue 21, spec §3):
 *
 * - `send` (report): every report, the messenger's and the crash reports, goes through the outbox
 *   (report-outbox.ts): kept in IndexedDB until the server's 2xx, sent again with backoff, when the
 *   network is back, and at the project's next start. Answers a `ReportDelivery`.
 * - `sendStored`: the loader found this project's flag at a session's start: kept reports go now.
 * - `crash` (formData, priority, excludeData): a silent CRASH report with the page snapshot and the
 *   web replay unless excluded (crash-report.ts); answers the server's answer, or nothing when kept.
 *
 * Loaded when a report is sent or kept reports wait, never on a plain page view.
 */
export function mount(context: WidgetChunkContext): () => void {
  const { host } = context;
  const flag = storedReportsFlag(host.sdkKey);
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
    report: warn,
    now: Date.now,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
  });
  const online = () => current.online();
  window.addEventListener("online", online);
  outbox = current;
  crash = (args) =>
    buildCrashReport(host, window, args).then(async (body) => {
      const delivery = await current.send(body);
      return delivery.status === "sent" ? delivery.answer : undefined;
    });
  return () => {
    window.removeEventListener("online", online);
    current.stop();
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
      return outbox.send(args[0] as Record<string, unknown>);
    case "sendStored":
      return outbox.sendKept();
    case "crash":
      return crash?.(args);
    default:
      return undefined;
  }
}
