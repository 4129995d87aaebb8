/**
 * The public host API (spec §7 "Host API"), declared by hand so that hosts get types without any of
 * the SDK's own dependencies. `gleap.ts` is checked against it; `module.ts` exports it.
 */

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

/** What `sendSilentCrashReport` answers when a report was sent. */
export interface GleapReportCreated {
  id: string;
  shortId: string;
  type: string;
  priority: string;
  status: string;
  createdAt: string;
}

export type GleapEventName =
  | "initialized"
  | "open"
  | "close"
  | "unread-count-changed"
  | "checklist-update"
  | "outbound-actions"
  | "feedback-sent"
  | "error-while-sending"
  | "productTourCompleted"
  | "productTourQuit";

export type GleapStyles = Partial<{
  color: string;
  headerColor: string;
  buttonColor: string;
  backgroundColor: string;
  borderRadius: number;
  buttonX: number;
  buttonY: number;
}>;

/** Every method resolves or returns quietly: the SDK never throws into the host page. */
export interface GleapHostApi {
  initialize(sdkKey: string, options?: GleapInitializeOptions | boolean): void;
  identify(
    userId: string | number,
    data?: GleapContactData,
    userHash?: string,
  ): Promise<GleapSession | null | undefined> | undefined;
  updateContact(data: GleapContactData): Promise<GleapSession | null | undefined> | undefined;
  clearIdentity(): Promise<GleapSession | undefined> | undefined;
  trackEvent(name: string, data?: unknown): void;
  logEvent(name: string, data?: unknown): void;
  setLanguage(language: string): void;
  setTags(tags: string[]): void;
  setEnvironment(environment: string): void;
  setCustomData(key: string, value: unknown): void;
  attachCustomData(data: Record<string, unknown>): void;
  removeCustomData(key: string): void;
  clearCustomData(): void;
  setTicketAttribute(key: string, value: unknown): void;
  preFillForm(data: Record<string, unknown>): void;
  registerCustomAction(callback: (action: { name: string }) => void): void;
  triggerCustomAction(name: string): void;
  showSurvey(surveyId: string, format?: "survey" | "survey_full"): void;
  startFeedbackFlow(flowId?: string, showBackButton?: boolean): void;
  startBot(botId?: string): void;
  startConversation(): void;
  openHelpCenter(): void;
  openHelpCenterArticle(articleId: string): void;
  openHelpCenterCollection(collectionId: string): void;
  searchHelpCenter(term: string): void;
  openNews(): void;
  openNewsArticle(articleId: string): void;
  openChecklists(): void;
  openFeatureRequests(): void;
  startProductTour(tourId: string): void;
  showBanner(data: Record<string, unknown>): void;
  showModal(data: Record<string, unknown>): void;
  showNotification(data: Record<string, unknown>): void;
  startChecklist(outboundId: string, sharedKey?: string): void;
  setStyles(styles: GleapStyles): void;
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
  setReplayOptions(options: Record<string, unknown>): void;
  sendSilentCrashReport(
    description?: string,
    priority?: "LOW" | "MEDIUM" | "HIGH" | "CRITICAL",
    excludeData?: Record<string, boolean>,
  ): Promise<GleapReportCreated | undefined> | undefined;
  open(): void;
  hide(): void;
  isOpened(): boolean;
  on(event: GleapEventName, callback: (data?: unknown) => void): void;
  off(event: GleapEventName, callback: (data?: unknown) => void): void;
  getSession(): GleapSession | null;
  getUnreadCount(): number;
  destroy(): void;
}
