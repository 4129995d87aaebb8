import type { FeedbackReportCreated } from "./feedback-report.ts";
import type { TypedValue } from "./privacy/typed-values.ts";
import type { FlowConfig } from "./widget-flow-config.ts";
import type { WidgetSession } from "./widget-session.ts";

/** The SDK's events a host can listen to with `Gleap.on(name, callback)`. */
export type WidgetEventName =
  | "initialized"
  | "open"
  | "close"
  | "unread-count-changed"
  | "checklist-update"
  | "outbound-actions"
  | "outbound-sent"
  | "feedback-sent"
  | "error-while-sending"
  | "tool-execution"
  | "productTourCompleted"
  | "productTourQuit";

/**
 * Events between the loader and the chunks only (never documented to hosts): a live change of the
 * config (`setStyles`, a fresh server config), of the session, of the language.
 */
export type InternalEventName = "config-changed" | "session-changed" | "language-changed";

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
  command(name: string, args?: unknown[]): void;
  /**
   * Asks a surface for something it holds (the capture's screenshot, the replay's events): answers
   * what its `run` answers, or undefined when that surface has not been loaded (nothing to ask).
   */
  query(name: string, args?: unknown[]): Promise<unknown>;
  isOpened(): boolean;
  unreadCount(): number;
  /** What the loader holds for a report: custom data, tags, logs and the start time. */
  reportParts(): ReportParts;
  /** Posts a report to `/bugs/v2` with the session headers; rejects when the server refuses it. */
  sendReport(report: Record<string, unknown>): Promise<FeedbackReportCreated>;
  /** A JSON request to the widget API with the session headers (e.g. notifications, checklists). */
  request<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T>;
  /** The host's custom actions (`registerCustomAction`). */
  triggerCustomAction(name: string, extra?: Record<string, unknown>): void;
  /** Opens a link the host's way (`setUrlHandler`), else in this tab or a new one. */
  openUrl(url: string, newTab: boolean): void;
  trackEvent(name: string, data?: unknown): void;
  /** Options the host set for the surfaces: sound, in-app notifications, the button, the tab badge. */
  options(): HostOptions;
}

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
}

/** Every widget chunk's entry module has this shape. */
export interface WidgetChunk {
  mount(context: WidgetChunkContext): () => void;
  /** Host API calls routed to this surface (e.g. `startFeedbackFlow` to the messenger); may answer. */
  run?(command: string, args: unknown[]): unknown;
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

/**
 * Every surface the host API can route to. Those not in `widgetChunkNames` yet have no chunk: their
 * commands resolve and log that the surface is unavailable.
 */
export const surfaceNames = [...widgetChunkNames] as const;
export type WidgetChunkName = (typeof surfaceNames)[number];
