import { createEventBus } from "../../../loader/event-bus.ts";
import type { FeedbackReportCreated } from "../../shared/host-visible-types.ts";
import { createTakeoverSlot } from "../../shared/takeover-slot.ts";
import type {
  HostOptions,
  ReportParts,
  WidgetChunkContext,
  WidgetEvents,
  WidgetHost,
} from "../../shared/widget-chunk-contract.ts";
import { defaultFlowConfig, type FlowConfig } from "../../shared/widget-config-api.ts";
import type { WidgetSession } from "../../shared/widget-session-api.ts";

/** A visitor session as the server answers it, for chunk tests. */
export const testSession: WidgetSession = {
  gleapId: "01a200be-0000-7000-8000-000000000000",
  gleapHash: "0".repeat(64),
  userId: null,
  name: null,
  email: null,
  phone: null,
  value: null,
  customData: {},
  lang: "en-us",
};

export interface RecordingHost extends WidgetHost {
  /** Every `command` a chunk asked the loader to run, in order. */
  commands: Array<{ name: string; args: unknown[] }>;
  /** How many times a chunk said the messenger is about to be opened (`prepareMessenger`). */
  prepared: number;
  reports: Array<Record<string, unknown>>;
  openedUrls: Array<{ url: string; newTab: boolean }>;
  customActions: Array<{ name: string; extra?: Record<string, unknown> }>;
  tracked: Array<{ name: string; data?: unknown }>;
  /** What `query(name)` answers, by name (a surface's data, e.g. the capture's screenshot). */
  answers: Record<string, unknown>;
  state: {
    flowConfig: FlowConfig;
    session: WidgetSession | null;
    opened: boolean;
    opening: boolean;
    unread: number;
    options: HostOptions;
    language: string;
  };
}

/** What the loader holds for a report on a page that logged nothing. */
export const emptyReportParts = (): ReportParts => ({
  customData: {},
  ticketAttributes: {},
  tags: [],
  consoleLog: [],
  networkLogs: [],
  customEventLog: [],
  environment: "prod",
  startedAt: Date.now(),
  sdkVersion: "14.6.7",
  appBuildNumber: "",
  appVersionCode: "",
});

/**
 * A stand-in for the loader's facade that records what a chunk asks of it. Only a test double of the
 * loader's side: the chunk under test is the real one, mounted into a real shadow root.
 */
export function createRecordingHost(overrides: Partial<WidgetHost> = {}): RecordingHost {
  const state: RecordingHost["state"] = {
    flowConfig: defaultFlowConfig,
    session: testSession,
    opened: false,
    opening: false,
    unread: 0,
    language: "en-us",
    options: {
      playSound: true,
      disableInAppNotifications: false,
      showFeedbackButton: true,
      showTabNotificationBadge: true,
      liveSite: null,
    },
  };
  const parts = emptyReportParts();
  const host: RecordingHost = {
    commands: [],
    prepared: 0,
    reports: [],
    openedUrls: [],
    customActions: [],
    tracked: [],
    answers: {},
    state,
    sdkKey: "demo",
    apiUrl: () => "http://localhost:3000/api/widget",
    session: () => state.session,
    flowConfig: () => state.flowConfig,
    language: () => state.language,
    frameUrls: () => ({
      messenger: "http://localhost:3001",
      banner: "http://localhost:3001/banner",
      modal: "http://localhost:3001/modal",
    }),
    aiTools: () => [],
    command: (name, args = []) => host.commands.push({ name, args }),
    query: async (name, args = []) => {
      host.commands.push({ name, args });
      return host.answers[name];
    },
    isOpened: () => state.opened,
    prepareMessenger: () => {
      host.prepared += 1;
    },
    isOpening: () => state.opening,
    unreadCount: () => state.unread,
    reportParts: () => parts,
    sendReport: async (report) => ({ status: "sent", answer: await host.postReport(report, "test-key") }),
    postReport: async (report) => {
      host.reports.push(report);
      const created: FeedbackReportCreated = {
        id: "report-1",
        shortId: "FB-1",
        type: String(report.type ?? "BUG"),
        priority: String(report.priority ?? "LOW"),
        status: "OPEN",
        createdAt: new Date().toISOString(),
      };
      return created;
    },
    request: async () => {
      throw new Error("no server in this test");
    },
    triggerCustomAction: (name, extra) => host.customActions.push({ name, extra }),
    openUrl: (url, newTab) => host.openedUrls.push({ url, newTab }),
    trackEvent: (name, data) => host.tracked.push({ name, data }),
    options: () => state.options,
    takeover: createTakeoverSlot(),
    ...overrides,
  };
  return host;
}

/** A real shadow root in the test document and a real event bus, with the recording host. */
export function createChunkContext(
  options: { flowConfig?: FlowConfig; host?: RecordingHost; nonce?: string } = {},
): WidgetChunkContext & { host: RecordingHost; events: WidgetEvents; element: HTMLElement } {
  const element = document.createElement("div");
  document.body.appendChild(element);
  const root = element.attachShadow({ mode: "open" });
  const host = options.host ?? createRecordingHost();
  if (options.flowConfig) host.state.flowConfig = options.flowConfig;
  const events = createEventBus((message, error) => {
    throw new Error(`unexpected report: ${message} ${String(error)}`);
  });
  return {
    root,
    session: testSession,
    flowConfig: host.state.flowConfig,
    events,
    nonce: options.nonce,
    host,
    element,
  };
}
