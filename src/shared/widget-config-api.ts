/** The widget's look and behaviour settings (spec §3 "Config"), with the reference's defaults. */
export interface FlowConfig {
  color: string;
  headerColor: string;
  buttonColor: string;
  backgroundColor: string;
  borderRadius: number;
  buttonX: number;
  buttonY: number;
  feedbackButtonPosition: FeedbackButtonPosition;
  enableWebReplays: boolean;
  enableNetworkLogs: boolean;
  sendNetworkResources: boolean;
  networkLogPropsToIgnore: string[];
  networkLogBlacklist: string[];
  enableShortcuts: boolean;
  /**
   * Spec §5's consent gate, as the project decides it: the SDK collects nothing and shows nothing until
   * the page sets the `agreedToCookiePolicy=true` cookie (`initialize(key, {requireCookieConsent})`
   * overrides it). Off for a new project, so a pasted snippet shows at once.
   */
  requireCookieConsent: boolean;
  /**
   * The language the project fixes (empty: the visitor's browser decides) and the layout direction;
   * `rtl` mirrors it. `setLanguage` wins over the language (src/shared/widget-language.ts).
   */
  localizationOptions: { language: string; rtl: boolean };
  /** Interface texts keyed by label (spec §3 "static translations keyed by label"). */
  staticTranslations: Record<string, string>;
}

export type FeedbackButtonPosition =
  | "BOTTOM_RIGHT"
  | "BOTTOM_LEFT"
  | "BUTTON_CLASSIC"
  | "BUTTON_CLASSIC_LEFT"
  | "BUTTON_CLASSIC_BOTTOM"
  | "BUTTON_NONE";

export const defaultFlowConfig: FlowConfig = {
  color: "#485BFF",
  headerColor: "#485BFF",
  buttonColor: "#485BFF",
  backgroundColor: "#FFFFFF",
  borderRadius: 20,
  buttonX: 20,
  buttonY: 20,
  feedbackButtonPosition: "BOTTOM_RIGHT",
  enableWebReplays: false,
  enableNetworkLogs: true,
  sendNetworkResources: false,
  networkLogPropsToIgnore: [],
  networkLogBlacklist: [],
  enableShortcuts: true,
  requireCookieConsent: false,
  localizationOptions: { language: "", rtl: false },
  staticTranslations: {},
};
