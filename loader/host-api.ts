/**
 * The public host API (spec §7 "Host API"), declared by hand so that hosts get types without any of
 * the SDK's own dependencies. `gleap.ts` is checked against it; `module.ts` exports it. The event names
 * and the report answer are the ones the SDK's parts use inside (`src/shared/host-visible-types.ts`,
 * which imports nothing).
 */

import type {
  WidgetEventName as GleapEventName,
  FeedbackReportCreated as GleapReportCreated,
} from "../src/shared/host-visible-types.ts";

/** The visitor's session as the server answers it. Identified when `userId` is a non-empty string. */
export interface GleapSession {
  gleapId: string;
  gleapHash: string;
  userId: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  value: number | null;
  customData: Record<string, unknown>;
  lang: string | null;
}

/** User fields for identify and updateContact; other scalar keys are custom data. */
export interface GleapContactData {
  name?: string;
  email?: string;
  phone?: string;
  value?: number;
  plan?: string;
  companyId?: string;
  companyName?: string;
  avatar?: string;
  customData?: Record<string, unknown>;
  [customKey: string]: unknown;
}

export interface GleapInitializeOptions {
  /** Start only once the `agreedToCookiePolicy` cookie is `true` (spec §5). Default true. */
  requireCookieConsent?: boolean;
  /** The host's CSP nonce, for the elements the widget adds. */
  nonce?: string;
}

/** What `sendSilentCrashReport` answers when a report was sent, and the names `on` and `off` take. */
export type { GleapEventName, GleapReportCreated };

/** `setStyles`: the reference's names (`primaryColor` is the config's `color`). */
export type GleapStyles = Partial<{
  primaryColor: string;
  color: string;
  headerColor: string;
  buttonColor: string;
  backgroundColor: string;
  borderRadius: number;
  buttonX: number;
  buttonY: number;
  buttonStyle: string;
}>;

export type GleapPriority = "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";

/** Parts a silent crash report leaves out (`true`: excluded). */
export type GleapExcludeData = Partial<
  Record<
    | "customData"
    | "metaData"
    | "attachments"
    | "consoleLog"
    | "networkLogs"
    | "customEventLog"
    | "screenshot"
    | "replays",
    boolean
  >
>;

/** An AI tool the messenger's assistant may call (`setAiTools`). */
export interface GleapAiTool {
  name: string;
  description: string;
  executionType?: "button" | "auto";
  response?: string;
  parameters: Array<{
    name: string;
    description: string;
    type: "string" | "number" | "boolean";
    required: boolean;
    enums?: string[];
  }>;
}

type Answer<T> = Promise<T | undefined> | undefined;

/**
 * Every method resolves or returns quietly: the SDK never throws into the host page. It declares
 * every function of the reference client's typings (`gleap@14.6.7`), with the same names and argument
 * orders (loader/host-api.test.ts checks that none is missing), plus `off`, `getSession` and
 * `getUnreadCount`.
 */
export interface GleapHostApi {
  initialize(sdkKey: string, options?: GleapInitializeOptions | boolean): void;
  /**
   * Resolves with the session once the server has taken it; rejects with an `Error` whose message says
   * why it was refused (such as an invalid `userHash` when the project has identity verification on),
   * which the console says too, in one line. Not awaiting it is safe: the rejection is handled.
   */
  identify(userId: string | number, data?: GleapContactData, userHash?: string): Answer<GleapSession | null>;
  updateContact(data: GleapContactData): Answer<GleapSession | null>;
  clearIdentity(): Answer<GleapSession>;
  getIdentity(): GleapSession | null;
  isUserIdentified(): boolean;
  trackEvent(name: string, data?: unknown): void;
  /** @deprecated Use trackEvent. */
  logEvent(name: string, data?: unknown): void;
  log(message: string, logLevel?: "INFO" | "WARNING" | "ERROR"): void;
  setLanguage(language: string): void;
  setTags(tags: string[]): void;
  setEnvironment(environment: string): void;
  setAppBuildNumber(buildNumber: string): void;
  setAppVersionCode(versionCode: string): void;
  setCustomData(key: string, value: unknown): void;
  attachCustomData(data: Record<string, unknown>): void;
  removeCustomData(key: string): void;
  clearCustomData(): void;
  setTicketAttribute(key: string, value: unknown): void;
  unsetTicketAttribute(key: string): void;
  clearTicketAttributes(): void;
  preFillForm(data: Record<string, unknown>): void;
  registerCustomAction(callback: (action: { name: string }) => void): void;
  triggerCustomAction(name: string): void;
  setUrlHandler(handler: (url: string, newTab?: boolean) => void): void;
  showSurvey(surveyId: string, format?: "survey" | "survey_full" | "survey_web"): void;
  startFeedbackFlow(flowId?: string, showBackButton?: boolean): void;
  startClassicForm(formId: string, showBackButton?: boolean): void;
  startBot(botId?: string, showBackButton?: boolean): void;
  startConversation(showBackButton?: boolean): void;
  openConversations(showBackButton?: boolean): void;
  openConversation(shareToken?: string, showBackButton?: boolean): void;
  openHelpCenter(showBackButton?: boolean): void;
  openHelpCenterArticle(articleId: string, showBackButton?: boolean): void;
  openHelpCenterCollection(collectionId: string, showBackButton?: boolean): void;
  searchHelpCenter(term: string, showBackButton?: boolean): void;
  openNews(showBackButton?: boolean): void;
  openNewsArticle(articleId: string, showBackButton?: boolean): void;
  openChecklists(showBackButton?: boolean): void;
  openChecklist(checklistId: string, showBackButton?: boolean): void;
  startChecklist(outboundId: string, showBackButton?: boolean, sharedKey?: string): void;
  openFeatureRequests(showBackButton?: boolean): void;
  startProductTour(tourId: string): void;
  showBanner(data: Record<string, unknown>): void;
  closeBanner(): void;
  showModal(data: Record<string, unknown>): void;
  closeModal(): void;
  showNotification(data: Record<string, unknown>): void;
  setStyles(styles: GleapStyles): void;
  showFeedbackButton(show: boolean): void;
  enableShortcuts(enabled: boolean): void;
  playSound(play: boolean): void;
  setDisableInAppNotifications(disable: boolean): void;
  showTabNotificationBadge(show: boolean): void;
  setLiveSite(isLiveSite: boolean): void;
  setDisablePageTracking(disable: boolean): void;
  /**
   * Turns off admin mode: a page the admin dashboard opens no longer starts the tour and tooltip
   * builder (call it before `initialize`; `window.gleapAdminDisabled = true` does the same).
   */
  disableAdminMode(): void;
  disableConsoleLogOverwrite(): void;
  setAiTools(tools: GleapAiTool[]): void;
  setApiUrl(url: string): void;
  setWSApiUrl(url: string): void;
  setFrameUrl(url: string): void;
  setBannerUrl(url: string): void;
  setModalUrl(url: string): void;
  setUseCookies(useCookies: boolean): void;
  setMaxNetworkRequests(max: number): void;
  startNetworkLogger(): void;
  setNetworkLogsBlacklist(urls: string[]): void;
  setNetworkLogPropsToIgnore(props: string[]): void;
  /** A JSON array of network log entries to add to reports. */
  attachNetworkLogs(networkLogs: string): void;
  setReplayOptions(options: Record<string, unknown>): void;
  sendSilentCrashReport(
    description?: string,
    priority?: GleapPriority,
    excludeData?: GleapExcludeData,
  ): Answer<GleapReportCreated>;
  sendSilentCrashReportWithFormData(
    formData: Record<string, unknown>,
    priority?: GleapPriority,
    excludeData?: GleapExcludeData,
  ): Answer<GleapReportCreated>;
  open(): void;
  hide(): void;
  close(): void;
  isOpened(): boolean;
  on(event: GleapEventName, callback: (data?: unknown) => void): void;
  off(event: GleapEventName, callback: (data?: unknown) => void): void;
  /** The SDK itself (the reference answers its internal instance). */
  getInstance(): GleapHostApi;
  getSession(): GleapSession | null;
  getUnreadCount(): number;
  destroy(): void;
}
