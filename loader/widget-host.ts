import type { FeedbackReportCreated } from "../src/shared/feedback-api.ts";
import type { HostCommandName, WidgetHost } from "../src/shared/widget-chunk-contract.ts";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import type { createEndpoints } from "./endpoints.ts";
import type { createEventTracker } from "./event-tracker.ts";
import type { createHostLogs } from "./host-logs.ts";
import type { createHostSettings } from "./host-settings.ts";
import type { HttpClient } from "./http-client.ts";

/** Links the widget may open in the host page: web, mail and phone, never `javascript:` or `data:`. */
const openableUrl = /^(https?:|mailto:|tel:)/i;

interface WidgetHostDeps {
  window: Window & typeof globalThis;
  report: (message: string, error?: unknown) => void;
  sdkKey: () => string;
  session: () => WidgetSession | null;
  flowConfig: () => FlowConfig;
  language: () => string;
  /** `setAiTools`: the messenger hears of them as of a config change. */
  onAiTools: () => void;
  isOpened: () => boolean;
  unreadCount: () => number;
  /** Runs a command on its surface; answers what the surface answers. */
  runCommand: (command: HostCommandName, args: unknown[]) => Promise<unknown> | undefined;
  /** Hands a report to the report chunk's outbox. */
  sendReport: WidgetHost["sendReport"];
  /** What the network-log chunk captured, when it is loaded. */
  networkEntries: () => unknown;
  request: HttpClient;
  endpoints: ReturnType<typeof createEndpoints>;
  settings: ReturnType<typeof createHostSettings>;
  logs: ReturnType<typeof createHostLogs>;
  tracker: ReturnType<typeof createEventTracker>;
  startedAt: number;
  sdkVersion: string;
}

/**
 * What every surface may ask of the loader (src/shared/widget-chunk-contract.ts), and the host API
 * methods of the same concerns: custom actions, the host's own way of opening links, its AI tools.
 */
export function createWidgetHost(deps: WidgetHostDeps) {
  const { window, request, settings, logs, tracker } = deps;
  const customActions: Array<(action: { name: string }) => void> = [];
  let urlHandler: ((url: string, newTab?: boolean) => void) | null = null;
  let aiTools: unknown[] = [];

  const host: WidgetHost = {
    get sdkKey() {
      return deps.sdkKey();
    },
    apiUrl: deps.endpoints.apiUrl,
    session: deps.session,
    flowConfig: deps.flowConfig,
    language: deps.language,
    frameUrls: deps.endpoints.frameUrls,
    aiTools: () => aiTools,
    command: (name, args = []) => void deps.runCommand(name, args),
    query: async (name, args = []) => deps.runCommand(name, args),
    isOpened: deps.isOpened,
    unreadCount: deps.unreadCount,
    reportParts: () => {
      const { attachedNetworkLogs, ...parts } = settings.parts();
      const captured = deps.networkEntries();
      return {
        ...parts,
        consoleLog: logs.consoleLog(),
        networkLogs: [...(Array.isArray(captured) ? captured : []), ...attachedNetworkLogs],
        customEventLog: tracker.events(),
        startedAt: deps.startedAt,
        sdkVersion: deps.sdkVersion,
        typedValues: logs.typedValues,
      };
    },
    sendReport: deps.sendReport,
    postReport: (body, key) =>
      request<FeedbackReportCreated>("POST", "/bugs/v2", body, { "Idempotency-Key": key }),
    request: (method, path, body) => request(method, path, body),
    triggerCustomAction: (name, extra) => {
      for (const action of customActions) action({ name, ...extra });
    },
    openUrl: (url, newTab) => {
      if (urlHandler) return urlHandler(url, newTab);
      if (!openableUrl.test(new URL(url, window.location.href).href))
        return deps.report(`refused to open ${url}`);
      if (newTab) window.open(url, "_blank", "noopener");
      else window.location.href = url;
    },
    trackEvent: (name, data) => tracker.track(name, data),
    options: settings.options,
  };

  return {
    host,
    methods: {
      registerCustomAction(callback: (action: { name: string }) => void) {
        if (typeof callback === "function") customActions.push(callback);
      },
      triggerCustomAction: (name: string) => host.triggerCustomAction(name),
      setUrlHandler(handler: (url: string, newTab?: boolean) => void) {
        urlHandler = typeof handler === "function" ? handler : null;
      },
      setAiTools(tools: unknown[]) {
        aiTools = Array.isArray(tools) ? tools : [];
        deps.onAiTools();
      },
    },
  };
}
