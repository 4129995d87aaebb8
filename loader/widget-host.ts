import type { FeedbackReportCreated } from "../src/shared/host-visible-types.ts";
import { createTakeoverSlot } from "../src/shared/takeover-slot.ts";
import type { ReportDelivery, WidgetHost } from "../src/shared/widget-chunk-contract.ts";
import type { HostHandlers } from "./host-handlers.ts";
import type { LoaderState, Services } from "./loader-parts.ts";
import { createPreconnector } from "./preconnect.ts";
import type { HostReportParts } from "./report-parts.ts";
import type { SurfaceMounts } from "./surface-mounts.ts";

/** Links the widget may open in the host page: web, mail and phone, never `javascript:` or `data:`. */
const openableUrl = /^(https?:|mailto:|tel:)/i;

interface WidgetHostDeps {
  /** The loader's services and state (loader/loader-parts.ts): the facade reads them as they are. */
  services: Services;
  state: LoaderState;
  /** The surfaces, which reports and commands go to. */
  surfaces: SurfaceMounts;
  /** The host's custom actions, link handler and AI tools, kept by the eager file. */
  handlers: HostHandlers;
  /** What the host set for its reports (loader/report-parts.ts). */
  reportParts: () => HostReportParts;
}

/**
 * What every surface may ask of the loader (src/shared/widget-chunk-contract.ts). Part of the loader's
 * late file (loader/late-chunk.ts): made once, when the first surface mounts.
 */
export function createWidgetHost({
  services,
  state,
  surfaces,
  handlers,
  reportParts,
}: WidgetHostDeps): WidgetHost {
  const { window, request, logs, tracker, endpoints, config, route } = services;
  const frameUrls = () => {
    // The host's `setFrameUrl` wins over the messenger origin the server names.
    const { frame, banner, modal } = endpoints.given;
    const messenger = (frame || config.messengerUrl()).replace(/\/+$/, "");
    return { messenger, banner: banner || `${messenger}/banner`, modal: modal || `${messenger}/modal` };
  };
  const preconnect = createPreconnector(window.document);
  return {
    get sdkKey() {
      return state.sdkKey;
    },
    apiUrl: endpoints.apiUrl,
    session: services.visitor.current,
    flowConfig: config.current,
    language: config.language,
    frameUrls,
    aiTools: handlers.aiTools,
    command: (name, args = []) => void route(name, args),
    query: async (name, args = []) => route(name, args),
    isOpened: () => state.opened,
    prepareMessenger: () => {
      if (surfaces.has("messenger")) return;
      surfaces.preload("messenger", "open");
      preconnect(frameUrls().messenger);
    },
    isOpening: () => state.opening,
    unreadCount: () => state.unread,
    reportParts: () => {
      const { attachedNetworkLogs, ...parts } = reportParts();
      const captured = surfaces.loaded("network-log")?.run?.("entries", []);
      return {
        ...parts,
        consoleLog: logs.consoleLog(),
        networkLogs: [...(Array.isArray(captured) ? captured : []), ...attachedNetworkLogs],
        customEventLog: tracker.events(),
        startedAt: services.startedAt,
        sdkVersion: services.sdkVersion,
        typedValues: logs.typedValues,
      };
    },
    // Undefined when the surface is out of reach (no session): the sender takes that for a failure.
    sendReport: (body) => surfaces.run("report", "send", [body]) as Promise<ReportDelivery>,
    postReport: (body, key) =>
      request<FeedbackReportCreated>("POST", "/bugs/v2", body, { "Idempotency-Key": key }),
    request: (method, path, body) => request(method, path, body),
    triggerCustomAction: handlers.trigger,
    openUrl: (url, newTab) => {
      const urlHandler = handlers.urlHandler();
      if (urlHandler) return urlHandler(url, newTab);
      if (!openableUrl.test(new URL(url, window.location.href).href))
        return services.report(`refused to open ${url}`);
      if (newTab) window.open(url, "_blank", "noopener");
      else window.location.href = url;
    },
    trackEvent: (name, data) => tracker.track(name, data),
    options: services.settings.options,
    takeover: createTakeoverSlot(),
  };
}
