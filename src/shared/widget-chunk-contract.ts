import type { FeedbackReportCreated, WidgetEventName } from "./host-visible-types.ts";
import type { MessengerFrameBox } from "./messenger-frame-box.ts";
import type { TypedValue } from "./privacy/typed-values.ts";
import type { TakeoverSlot } from "./takeover-slot.ts";
import type { FlowConfig } from "./widget-config-api.ts";
import type { WidgetSession } from "./widget-session-api.ts";

/**
 * Events between the loader and the chunks only (never documented to hosts): a live change of the
 * config (`setStyles`, a fresh server config), of the session, of the language; the messenger's panel
 * showing its placeholder while its frame loads (`true`), or taking it away unopened (`false`).
 */
export type InternalEventName =
  | "config-changed"
  | "session-changed"
  | "language-changed"
  | "messenger-opening";

export interface WidgetEvents {
  emit(name: WidgetEventName | InternalEventName | (string & {}), data?: unknown): void;
  on(
    name: WidgetEventName | InternalEventName | (string & {}),
    callback: (data?: unknown) => void,
  ): () => void;
}

/** The parts of a report the loader keeps (spec §3 "Feedback report"), for a chunk to send. */
export interface ReportParts {
  customData: Record<string, unknown>;
  ticketAttributes: Record<string, unknown>;
  tags: string[];
  consoleLog: unknown[];
  networkLogs: unknown[];
  customEventLog: unknown[];
  environment: string;
  startedAt: number;
  sdkVersion: string;
  appBuildNumber: string;
  appVersionCode: string;
  /** What visitors typed into the page's fields; a report masks the private ones (src/widget/privacy/). */
  typedValues?: readonly TypedValue[];
}

/** Where the frames live: the messenger at the root of its origin, the banner and modal beside it. */
export interface FrameUrls {
  messenger: string;
  banner: string;
  modal: string;
}

/**
 * What the loader offers every chunk besides the first snapshot: live state and the way to reach the
 * other surfaces. Chunks import this type only; at run time they receive the loader's object, so no
 * loader code is ever bundled into a chunk.
 */
export interface WidgetHost {
  sdkKey: string;
  apiUrl(): string;
  session(): WidgetSession | null;
  flowConfig(): FlowConfig;
  /** The widget's language (`setLanguage`, else the browser's), lower case, e.g. "en-us". */
  language(): string;
  frameUrls(): FrameUrls;
  /** The AI tools a host declared with `setAiTools`, passed to the messenger as they are. */
  aiTools(): unknown[];
  /** Runs a host API command on whichever surface serves it (e.g. a notification opening the messenger). */
  command(name: HostCommandName, args?: unknown[]): void;
  /**
   * Asks a surface for something it holds (the capture's screenshot, the replay's events): answers
   * what its `run` answers, or undefined when that surface has not been loaded (nothing to ask).
   */
  query(name: HostCommandName, args?: unknown[]): Promise<unknown>;
  isOpened(): boolean;
  /**
   * The visitor is about to open the messenger (the pointer or the focus is on the launcher): its
   * chunk is fetched and compiled without running, a connection to its frame's origin is opened and
   * its frame started, hidden, so the click waits for none of them. Does nothing once the messenger is
   * on the page.
   */
  prepareMessenger(): void;
  /** The messenger's panel is on screen with its placeholder, its frame still loading: about to open. */
  isOpening(): boolean;
  unreadCount(): number;
  /** What the loader holds for a report: custom data, tags, logs and the start time. */
  reportParts(): ReportParts;
  /**
   * Sends a report through the outbox (src/widget/report/report-outbox.ts): answers `sent` with the
   * server's 2xx answer, or `queued` when the network or a busy server kept it from arriving (it is
   * kept in IndexedDB and sent again, also after a reload); rejects when the server refuses it.
   */
  sendReport(report: Record<string, unknown>): Promise<ReportDelivery>;
  /**
   * Posts a report to `/bugs/v2` once, with the session headers and the report's `Idempotency-Key`
   * (a repeat of a key answers the first report); rejects with an `HttpFailure`. The outbox's own.
   */
  postReport(report: Record<string, unknown>, idempotencyKey: string): Promise<FeedbackReportCreated>;
  /** A JSON request to the widget API with the session headers (e.g. notifications, checklists). */
  request<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T>;
  /** The host's custom actions (`registerCustomAction`). */
  triggerCustomAction(name: string, extra?: Record<string, unknown>): void;
  /** Opens a link the host's way (`setUrlHandler`), else in this tab or a new one. */
  openUrl(url: string, newTab: boolean): void;
  trackEvent(name: string, data?: unknown): void;
  /** Options the host set for the surfaces: sound, in-app notifications, the button, the tab badge. */
  options(): HostOptions;
  /** The page's one modal-like takeover (a modal, a tour, a survey): src/shared/takeover-slot.ts. */
  takeover: TakeoverSlot;
}

/** What became of a report handed to the outbox. */
export type ReportDelivery = { status: "sent"; answer: FeedbackReportCreated } | { status: "queued" };

export interface HostOptions {
  playSound: boolean;
  disableInAppNotifications: boolean;
  showFeedbackButton: boolean;
  showTabNotificationBadge: boolean;
  /** Host pages with `setLiveSite(false)` and local hosts are not live (spec §9). */
  liveSite: boolean | null;
}

/**
 * What the loader hands a lazy widget chunk. Chunks import this type only: at run time they receive
 * the loader's facade, so no loader code is ever bundled into a chunk.
 */
export interface WidgetChunkContext {
  /** The shadow root every in-page surface renders into, so host CSS cannot reach it. */
  root: ShadowRoot;
  session: WidgetSession;
  flowConfig: FlowConfig;
  events: WidgetEvents;
  /** The host's CSP nonce, for the `<style>` elements a chunk adds. */
  nonce?: string;
  host: WidgetHost;
  /**
   * The messenger's frame, when the loader started it while the chunk loaded (the first command was
   * one that opens the panel): the chunk adopts it rather than making its own.
   */
  startedFrame?: StartedFrame;
}

/**
 * A messenger frame the loader put on the page, hidden, before the messenger's chunk arrived, so that
 * the frame's page and files load while the chunk does (loader/messenger-frame-start.ts).
 */
export interface StartedFrame extends MessengerFrameBox {
  /** The frame URL it was started for, without the project key: its origin is the frame's. */
  url: string;
  /** What the frame's window posted before the chunk listened (its `ping`), in order; stops collecting. */
  takeMessages(): MessageEvent[];
  /** Takes it off the page (its chunk never mounted). */
  remove(): void;
}

/** Every widget chunk's entry module has this shape. */
export interface WidgetChunk<S extends WidgetChunkName = WidgetChunkName> {
  mount(context: WidgetChunkContext): () => void;
  /** Host API calls routed to this surface (e.g. `startFeedbackFlow` to the messenger); may answer. */
  run?(command: SurfaceCommand<S>, args: unknown[]): unknown;
}

/** Names of the lazy chunks that exist; build.ts builds one entry per name. */
export const widgetChunkNames = [
  "launcher",
  "messenger",
  "notifications",
  "banner",
  "modal",
  "network-log",
  "report",
  "capture",
  "replay",
  "tooltips",
  "checklist",
  "builder",
  "tours",
  "copilot",
] as const;

export type WidgetChunkName = (typeof widgetChunkNames)[number];

/**
 * Which surface serves which command (spec §7 "Host API"): the one declaration the loader's routes,
 * the host API's routed methods, the snippet stub and each chunk's `run` derive from, so a misspelt or
 * unrouted command fails `tsc`. A `+` marks a host API method of the same name that only hands its
 * arguments to the surface (`Gleap.open()`, `Gleap.showSurvey(…)`); a `?` a command that only acts on
 * a surface already shown and never loads its chunk. Space-separated words, because the table ships in
 * the eager loader, where arrays of strings cost more bytes; the types below read the words.
 */
export const surfaceCommands = {
  messenger:
    "open+ hide+? close+? toggle startFeedbackFlow+ startClassicForm+ startBot+ startConversation+ showSurvey+ openHelpCenter+ openHelpCenterArticle+ openHelpCenterCollection+ searchHelpCenter+ openNews+ openNewsArticle+ openChecklists+ openChecklist+ startChecklist+ openFeatureRequests+ openConversations+ openConversation+ preFillForm+ setFormData sessionCleared?",
  // hideBanner: the name the reference's snippet stub lists, so a page may call it.
  banner: "showBanner+ closeBanner+? hideBanner+?",
  modal: "showModal+ closeModal+?",
  notifications: "showNotification+",
  launcher: "showFeedbackButton?",
  tours: "startProductTour+ resumeProductTour disableProductTours?",
  copilot: "startCopilotTour",
  builder: "startBuilder closeBuilder",
  capture: "startScreenCapture captureData? clearCapture? pageSnapshot",
  replay: "startReplay replayData? setReplayOptions?",
  tooltips: "showTooltips",
  // The <gleap-checklist> elements of the page, as they come and go.
  checklist: "checklistConnected checklistDisconnected?",
  // The outbox: loaded by the messenger before a visitor can press Send (a report sent offline could
  // not load it then), and by the loader when an earlier page view left reports kept.
  report: "prepareReports sendStored",
} as const satisfies Partial<Record<WidgetChunkName, string>>;

/** The words of a space-separated list, as a union of string literal types. */
type Words<List extends string> = List extends `${infer Word} ${infer Rest}` ? Word | Words<Rest> : List;
/** A word of the table without its marks. */
type Bare<Word extends string> = Word extends `${infer Name}+?`
  ? Name
  : Word extends `${infer Name}${"+" | "?"}`
    ? Name
    : Word;

type RoutedSurface = keyof typeof surfaceCommands;
type Entry<S extends RoutedSurface = RoutedSurface> = Words<(typeof surfaceCommands)[S]>;

/** Commands the loader sends a surface itself (never routed from a host call): the network log's
 * settings and entries, a silent crash report and a report through the outbox. */
interface DirectCommands {
  "network-log": "configure" | "start" | "stop" | "entries";
  report: "crash" | "send";
}

/** Every command a host call, a link or another surface can route (`host.command`). */
export type HostCommandName = Bare<Entry>;

/** The host API methods that only route their arguments to a surface (marked `+`). */
export type RoutedMethodName = Entry extends infer Word
  ? Word extends `${infer Name}+${string}`
    ? Name
    : never
  : never;

/** The host API methods that set the parts of a report: its tags, environment, custom data, ticket attributes, network logs. */
const reportPartMethodNames = [
  "setTags",
  "setEnvironment",
  "setAppBuildNumber",
  "setAppVersionCode",
  "setCustomData",
  "attachCustomData",
  "removeCustomData",
  "clearCustomData",
  "setTicketAttribute",
  "unsetTicketAttribute",
  "clearTicketAttributes",
  "attachNetworkLogs",
] as const;

const crashReportMethodNames = ["sendSilentCrashReport", "sendSilentCrashReportWithFormData"] as const;

/**
 * The host API methods whose code comes with the loader's late file (loader/report-methods.ts): the
 * parts of a report and silent crash reports. `loader/late-methods.ts` checks this list against that
 * file both ways; the eager loader bundles this list, not `loaderMethodNames`.
 */
export const lateMethodNames = [...reportPartMethodNames, ...crashReportMethodNames] as const;

/**
 * Groups of names as one list, in their order. A call the bundler may drop: the eager loader reads
 * only `lateMethodNames`, and a list built of spread groups would otherwise stay in it.
 */
function joinNames<const T extends readonly (readonly string[])[]>(
  ...groups: T
): readonly T[number][number][] {
  return groups.flat();
}

/**
 * The host API methods the loader serves itself; with the routed ones (`+` above) they are the whole
 * API, which `loader/gleap.ts` checks both ways (every name defined, nothing undeclared). A list rather
 * than a type alone, because the snippet's stub defines every method (`snippetStubMethods`). Only the
 * admin's snippet reads it at run time; the loader bundles the type.
 */
export const loaderMethodNames = /* @__PURE__ */ joinNames(
  [
    "initialize",
    "identify",
    "updateContact",
    "clearIdentity",
    "getIdentity",
    "isUserIdentified",
    "getSession",
    "trackEvent",
    "logEvent",
    "log",
    "disableConsoleLogOverwrite",
    "setLanguage",
  ],
  reportPartMethodNames,
  [
    "startNetworkLogger",
    "setMaxNetworkRequests",
    "setNetworkLogsBlacklist",
    "setNetworkLogPropsToIgnore",
    "setApiUrl",
    "setWSApiUrl",
    "setFrameUrl",
    "setBannerUrl",
    "setModalUrl",
    "registerCustomAction",
    "triggerCustomAction",
    "setUrlHandler",
    "setStyles",
    "showFeedbackButton",
    "enableShortcuts",
    "playSound",
    "setDisableInAppNotifications",
    "showTabNotificationBadge",
    "setLiveSite",
    "disableAdminMode",
    "setDisablePageTracking",
    "setAiTools",
    "setUseCookies",
    "setReplayOptions",
  ],
  crashReportMethodNames,
  [
    "on",
    "off",
    "isOpened",
    "getInstance",
    "getNonce",
    "getApiUrl",
    "getUnreadCount",
    "getTooltips",
    "destroy",
  ],
);

export type LoaderMethodName = (typeof loaderMethodNames)[number];

/** Every method of `window.Gleap`. */
export type HostMethodName = RoutedMethodName | LoaderMethodName;

/** The commands one surface's `run` receives. */
export type SurfaceCommand<S extends WidgetChunkName = WidgetChunkName> =
  | (S extends RoutedSurface ? Bare<Entry<S>> : never)
  | (S extends keyof DirectCommands ? DirectCommands[S] : never);
