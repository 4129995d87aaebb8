import type { HostToMessengerMessage } from "../shared/frame-messages.ts";

/** The host's messages that ask for a screen (spec §2 "Widget screens opened by messages"). */
export const screenMessageNames = [
  "start-feedbackflow",
  "start-survey",
  "open-conversations",
  "open-conversation",
  "start-bot",
  "open-help-collection",
  "open-help-article",
  "open-helpcenter",
  "open-helpcenter-search",
  "open-news",
  "open-news-article",
  "open-checklists",
  "start-checklist",
  "open-checklist",
  "open-feature-requests",
] as const;
export type ScreenMessage = Extract<HostToMessengerMessage, { name: (typeof screenMessageNames)[number] }>;

const isScreenMessage = (message: HostToMessengerMessage): message is ScreenMessage =>
  (screenMessageNames as readonly string[]).includes(message.name);

export interface MessengerState {
  /** The widget's flowConfig as the host sent it (`config-update`). */
  config: Record<string, unknown> | null;
  overrideLanguage: string | null;
  session: Record<string, unknown> | null;
  apiUrl: string | null;
  sdkKey: string | null;
  /** The screen the host asked for last, or null for the home screen. */
  screen: ScreenMessage | null;
  widgetOpen: boolean;
  unreadCount: number;
  /** Values a host pre-filled (`preFillForm`) and values set by the capture editor (`set-form-data`). */
  formData: Record<string, unknown>;
  feedback: { status: "sent"; answer: unknown } | { status: "failed"; text: string } | null;
  ticketData: Record<string, unknown> | null;
  /** Every message name received, in order (shown for end-to-end tests and debugging). */
  received: string[];
}

export const initialState: MessengerState = {
  config: null,
  overrideLanguage: null,
  session: null,
  apiUrl: null,
  sdkKey: null,
  screen: null,
  widgetOpen: false,
  unreadCount: 0,
  formData: {},
  feedback: null,
  ticketData: null,
  received: [],
};

/** The state after one host message. Pure, so the screen and the tests share one truth. */
export function receive(state: MessengerState, message: HostToMessengerMessage): MessengerState {
  const next = { ...state, received: [...state.received, message.name] };
  if (isScreenMessage(message)) return { ...next, screen: message, feedback: null };
  switch (message.name) {
    case "config-update":
      return {
        ...next,
        config: message.data.config,
        overrideLanguage: message.data.overrideLanguage ?? null,
      };
    case "session-update":
      return {
        ...next,
        session: message.data.sessionData,
        apiUrl: message.data.apiUrl,
        sdkKey: message.data.sdkKey,
      };
    case "session-cleared":
      return { ...next, session: null, screen: null };
    case "widget-status-update":
      return { ...next, widgetOpen: message.data.isWidgetOpen };
    case "unread-count-changed":
      return { ...next, unreadCount: message.data };
    case "prefill-form-data":
      return { ...next, formData: { ...next.formData, ...message.data } };
    case "set-form-data":
      return { ...next, formData: { ...next.formData, [message.data.formKey]: message.data.data } };
    case "feedback-sent":
      return { ...next, feedback: { status: "sent", answer: message.data } };
    case "feedback-sending-failed":
      return { ...next, feedback: { status: "failed", text: message.data } };
    case "collect-ticket-data":
      return { ...next, ticketData: message.data };
    default:
      return next;
  }
}

/** A minimal external store for `useSyncExternalStore`: the frame has one state and few writers. */
export function createMessengerStore(start: MessengerState = initialState) {
  let state = start;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(message: HostToMessengerMessage) {
      state = receive(state, message);
      for (const listener of listeners) listener();
    },
    /** The back button: from a requested screen to the home screen. */
    showHome() {
      state = { ...state, screen: null };
      for (const listener of listeners) listener();
    },
  };
}
export type MessengerStore = ReturnType<typeof createMessengerStore>;
