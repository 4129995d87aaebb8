import type { HostToMessengerMessage } from "../shared/frame-messages.ts";

/**
 * What the host page told the frame (spec §7 "Window messages"), as one state. Screen requests are not
 * kept here: they become navigation (shell/navigator.ts); this store keeps everything else the
 * screens read: the config, the session, the widget's open state, the host's unread count, form
 * values the host set, and the answer to the last `send-feedback`.
 */
export interface FeedbackAnswer {
  /** `queued`: kept on the device by the host, to be sent when the network is back. */
  status: "sent" | "queued" | "failed";
  /** `feedback-sent`: the server's answer to the report (`{id, shortId, …}`). */
  answer?: unknown;
  /** `feedback-sending-failed`: the host's text. */
  text?: string;
  /** Counts answers, so a screen tells a new answer from one it saw before. */
  seq: number;
}

export interface MessengerState {
  /** The widget's flowConfig as the host sent it (`config-update`). */
  config: Record<string, unknown> | null;
  /** The host's language (`setLanguage`, else the browser's). */
  overrideLanguage: string | null;
  session: Record<string, unknown> | null;
  apiUrl: string | null;
  sdkKey: string | null;
  widgetOpen: boolean;
  /** The host's unread count (`unread-count-changed`); null until it says one. */
  hostUnread: number | null;
  /** Values a host pre-filled (`preFillForm`) and values set by the capture editor (`set-form-data`). */
  formData: Record<string, unknown>;
  /** Bumped by every `set-form-data` and `prefill-form-data`, so a form applies each once. */
  formDataSeq: number;
  feedback: FeedbackAnswer | null;
  ticketData: Record<string, unknown> | null;
  /** The last message names received, in order (the root's `data-received`, for tests and debugging). */
  received: string[];
}

export const initialState: MessengerState = {
  config: null,
  overrideLanguage: null,
  session: null,
  apiUrl: null,
  sdkKey: null,
  widgetOpen: false,
  hostUnread: null,
  formData: {},
  formDataSeq: 0,
  feedback: null,
  ticketData: null,
  received: [],
};

/** How many message names `received` keeps. */
const receivedLimit = 200;

/** The state after one host message. Pure, so the screens and the tests share one truth. */
export function receive(state: MessengerState, message: HostToMessengerMessage): MessengerState {
  const next = { ...state, received: [...state.received, message.name].slice(-receivedLimit) };
  const seq = (state.feedback?.seq ?? 0) + 1;
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
      return { ...next, session: null, formData: {}, feedback: null };
    case "widget-status-update":
      return { ...next, widgetOpen: message.data.isWidgetOpen };
    case "unread-count-changed":
      return { ...next, hostUnread: message.data };
    case "prefill-form-data":
      return { ...next, formData: { ...next.formData, ...message.data }, formDataSeq: state.formDataSeq + 1 };
    case "set-form-data":
      return {
        ...next,
        formData: { ...next.formData, [message.data.formKey]: message.data.data },
        formDataSeq: state.formDataSeq + 1,
      };
    case "feedback-sent":
      return { ...next, feedback: { status: "sent", answer: message.data, seq } };
    case "feedback-sending-failed":
      return { ...next, feedback: { status: "failed", text: message.data, seq } };
    case "feedback-queued":
      return { ...next, feedback: { status: "queued", seq } };
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
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    receive(message: HostToMessengerMessage) {
      state = receive(state, message);
      emit();
    },
    /** Forgets a form value (the visitor removed the screenshot). */
    clearFormData(key: string) {
      if (!(key in state.formData)) return;
      const { [key]: _, ...rest } = state.formData;
      state = { ...state, formData: rest };
      emit();
    },
  };
}
export type MessengerStore = ReturnType<typeof createMessengerStore>;
