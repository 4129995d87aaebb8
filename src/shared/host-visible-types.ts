/**
 * The types a host sees through the public API as well as the parts that use them inside. This file
 * imports nothing: the npm module publishes its declarations beside `loader/host-api.ts`'s, so every
 * import here would be published too.
 */

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
 * What `POST /bugs/v2` answers: the frame receives it as `feedback-sent`, and `sendSilentCrashReport`
 * answers it to the host.
 */
export interface FeedbackReportCreated {
  id: string;
  shortId: string;
  type: string;
  priority: string;
  status: string;
  createdAt: string;
}
