import {
  any,
  boolean,
  type Infer,
  literal,
  nullable,
  number,
  optional,
  record,
  type Struct,
  string,
  type,
  unknown,
} from "superstruct";
import { lazyTable } from "./lazy-schema-table.ts";
import { validateUntrusted } from "./untrusted-validation.ts";

/**
 * Every message that crosses a window boundary between the host page and the widget's frames
 * (spec §7 "Window messages"): the messenger at the root of its origin, the banner and the modal.
 * Both ends use these schemas: the host's chunks and the frame apps. A message travels as a JSON
 * string `{name, data?, …}`, as the reference client sends it, and is used only when its origin is
 * the expected one and it parses into one of the shapes below; anything else is ignored.
 *
 * Shapes use `type()` (extra keys allowed) so a newer peer's additions do not break an older one.
 * Each table builds a message's struct when that name is first parsed (lazy-schema-table.ts).
 */

const hideBackButton = optional(boolean());

// ---------- messenger frame → host ----------

export const messengerToHost = lazyTable({
  ping: () => type({ name: literal("ping") }),
  "play-ping": () => type({ name: literal("play-ping") }),
  "open-image": () => type({ name: literal("open-image"), data: type({ url: string() }) }),
  "page-changed": () => type({ name: literal("page-changed"), data: optional(type({ name: string() })) }),
  "collect-ticket-data": () => type({ name: literal("collect-ticket-data") }),
  "height-update": () => type({ name: literal("height-update"), data: number() }),
  "notify-event": () =>
    type({
      name: literal("notify-event"),
      data: type({ type: string(), data: optional(unknown()) }),
    }),
  "cleanup-drawings": () => type({ name: literal("cleanup-drawings") }),
  // The reference puts `newTab` beside `data`, not inside it.
  "open-url": () => type({ name: literal("open-url"), data: string(), newTab: optional(boolean()) }),
  "run-custom-action": () =>
    type({
      name: literal("run-custom-action"),
      data: unknown(),
      shareToken: optional(nullable(string())),
    }),
  "close-widget": () => type({ name: literal("close-widget") }),
  "tool-execution": () => type({ name: literal("tool-execution"), data: optional(unknown()) }),
  "send-feedback": () =>
    type({
      name: literal("send-feedback"),
      data: type({
        formData: record(string(), unknown()),
        action: optional(
          nullable(
            type({
              feedbackType: optional(string()),
              excludeData: optional(nullable(record(string(), boolean()))),
            }),
          ),
        ),
        outboundId: optional(nullable(string())),
        spamToken: optional(nullable(string())),
      }),
    }),
  // "screenshot" draws on the page, "capture" records the screen.
  "start-screen-drawing": () => type({ name: literal("start-screen-drawing"), data: optional(string()) }),
});

// ---------- host → messenger frame ----------

export const hostToMessenger = lazyTable({
  "widget-status-update": () =>
    type({
      name: literal("widget-status-update"),
      data: type({ isWidgetOpen: boolean() }),
    }),
  "session-update": () =>
    type({
      name: literal("session-update"),
      data: type({ sessionData: nullable(record(string(), unknown())), apiUrl: string(), sdkKey: string() }),
    }),
  "config-update": () =>
    type({
      name: literal("config-update"),
      data: type({
        config: record(string(), unknown()),
        aiTools: optional(unknown()),
        overrideLanguage: optional(nullable(string())),
      }),
    }),
  "session-cleared": () => type({ name: literal("session-cleared") }),
  "feedback-sent": () => type({ name: literal("feedback-sent"), data: optional(unknown()) }),
  "feedback-sending-failed": () => type({ name: literal("feedback-sending-failed"), data: string() }),
  // Ours, not the reference's: the report is kept on the device and sent when the network is back.
  "feedback-queued": () => type({ name: literal("feedback-queued") }),
  "collect-ticket-data": () =>
    type({ name: literal("collect-ticket-data"), data: record(string(), unknown()) }),
  "unread-count-changed": () => type({ name: literal("unread-count-changed"), data: number() }),
  "set-form-data": () =>
    type({
      name: literal("set-form-data"),
      data: type({ formKey: string(), data: unknown() }),
    }),
  "prefill-form-data": () => type({ name: literal("prefill-form-data"), data: record(string(), unknown()) }),
  "start-feedbackflow": () =>
    type({
      name: literal("start-feedbackflow"),
      data: type({
        flow: optional(nullable(string())),
        hideBackButton,
        format: optional(nullable(string())),
      }),
    }),
  "start-survey": () =>
    type({
      name: literal("start-survey"),
      data: type({ flow: string(), hideBackButton, format: optional(nullable(string())) }),
    }),
  "open-conversations": () => type({ name: literal("open-conversations"), data: type({ hideBackButton }) }),
  "open-conversation": () =>
    type({
      name: literal("open-conversation"),
      data: type({ shareToken: string(), hideBackButton }),
    }),
  "start-bot": () => type({ name: literal("start-bot"), data: type({ botId: string(), hideBackButton }) }),
  "open-help-collection": () =>
    type({
      name: literal("open-help-collection"),
      data: type({ collectionId: string(), hideBackButton }),
    }),
  "open-help-article": () =>
    type({
      name: literal("open-help-article"),
      data: type({ articleId: string(), hideBackButton }),
    }),
  "open-helpcenter": () => type({ name: literal("open-helpcenter"), data: type({ hideBackButton }) }),
  "open-helpcenter-search": () =>
    type({
      name: literal("open-helpcenter-search"),
      data: type({ term: string(), hideBackButton }),
    }),
  "open-news": () => type({ name: literal("open-news"), data: type({ hideBackButton }) }),
  "open-news-article": () =>
    type({
      name: literal("open-news-article"),
      data: type({ id: string(), hideBackButton }),
    }),
  "open-checklists": () => type({ name: literal("open-checklists"), data: type({ hideBackButton }) }),
  "open-checklist": () =>
    type({ name: literal("open-checklist"), data: type({ id: string(), hideBackButton }) }),
  "start-checklist": () =>
    type({
      name: literal("start-checklist"),
      data: type({ outboundId: string(), hideBackButton, sharedKey: optional(string()) }),
    }),
  "open-feature-requests": () =>
    type({ name: literal("open-feature-requests"), data: type({ hideBackButton }) }),
});

// ---------- banner and modal frames ----------

type FrameType = "BANNER" | "MODAL";

/** A message of a banner or modal frame: its name, the frame's `type`, and its data when it has any. */
function frameMessage<N extends string, F extends FrameType>(name: N, frameType: F) {
  return type({ name: literal(name), type: literal(frameType) });
}

function frameMessageWith<N extends string, F extends FrameType, T, S>(
  name: N,
  frameType: F,
  data: Struct<T, S>,
) {
  return type({ name: literal(name), type: literal(frameType), data });
}

/** Actions a banner or a modal may ask of the host (their buttons). */
const outboundFrameActions = <F extends FrameType>(frameType: F) =>
  ({
    "start-conversation": () =>
      frameMessageWith(
        "start-conversation",
        frameType,
        optional(type({ botId: optional(nullable(string())) })),
      ),
    "start-custom-action": () =>
      frameMessageWith("start-custom-action", frameType, type({ action: string() })),
    "open-url": () =>
      type({
        name: literal("open-url"),
        type: literal(frameType),
        data: string(),
        newTab: optional(boolean()),
      }),
    "show-form": () => frameMessageWith("show-form", frameType, type({ formId: string() })),
    "show-survey": () =>
      frameMessageWith(
        "show-survey",
        frameType,
        type({ formId: string(), surveyFormat: optional(nullable(string())) }),
      ),
    "show-news-article": () =>
      frameMessageWith("show-news-article", frameType, type({ articleId: string() })),
    "show-help-article": () =>
      frameMessageWith("show-help-article", frameType, type({ articleId: string() })),
    "show-checklist": () =>
      frameMessageWith(
        "show-checklist",
        frameType,
        type({ checklistId: string(), sharedKey: optional(nullable(string())) }),
      ),
  }) as const;

/** The frames mark their messages with `type` "BANNER" or "MODAL", as the reference's frames do. */
export const bannerToHost = lazyTable({
  "banner-loaded": () => frameMessage("banner-loaded", "BANNER"),
  "banner-height": () => frameMessageWith("banner-height", "BANNER", type({ height: number() })),
  "banner-data-set": () => frameMessage("banner-data-set", "BANNER"),
  "banner-close": () => frameMessage("banner-close", "BANNER"),
  ...outboundFrameActions("BANNER"),
});

export const modalToHost = lazyTable({
  "modal-loaded": () => frameMessage("modal-loaded", "MODAL"),
  "modal-height": () => frameMessageWith("modal-height", "MODAL", type({ height: number() })),
  "modal-close": () => frameMessage("modal-close", "MODAL"),
  ...outboundFrameActions("MODAL"),
});

/** What a banner shows (spec §3 "Banner data"): the outbound's content as the server delivers it. */
const bannerData = () =>
  type({
    format: optional(nullable(string())),
    title: optional(nullable(string())),
    /** HTML, sanitized by the frame before it is shown. */
    body: optional(nullable(string())),
    buttons: optional(nullable(any())),
    color: optional(nullable(string())),
  });

const modalData = () =>
  type({
    title: optional(nullable(string())),
    body: optional(nullable(string())),
    showCloseButton: optional(nullable(boolean())),
    primaryColor: optional(nullable(string())),
    buttons: optional(nullable(any())),
  });

export const hostToBanner = lazyTable({
  "banner-data": () => type({ name: literal("banner-data"), type: literal("banner"), data: bannerData() }),
});

export const hostToModal = lazyTable({
  "modal-data": () => type({ name: literal("modal-data"), type: literal("modal"), data: modalData() }),
});

// ---------- parsing ----------

// biome-ignore lint/suspicious/noExplicitAny: a table of any message structs; each keeps its own precise type.
type Schemas = Record<string, Struct<any, any>>;

/** The union of the messages a schema table describes. */
export type MessageOf<T extends Schemas> = { [K in keyof T]: Infer<T[K]> }[keyof T];

export type MessengerToHostMessage = MessageOf<typeof messengerToHost>;
export type HostToMessengerMessage = MessageOf<typeof hostToMessenger>;
export type BannerToHostMessage = MessageOf<typeof bannerToHost>;
export type ModalToHostMessage = MessageOf<typeof modalToHost>;
export type HostToBannerMessage = MessageOf<typeof hostToBanner>;
export type HostToModalMessage = MessageOf<typeof hostToModal>;

/**
 * A message from `event.data`, or null when it is not one of `schemas`: not a JSON string, no known
 * `name` (an own key of the table, so `__proto__` or `constructor` never match), or the wrong shape.
 */
export function parseFrameMessage<T extends Schemas>(raw: unknown, schemas: T): MessageOf<T> | null {
  if (typeof raw !== "string") return null;
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  const name = (message as { name?: unknown } | null)?.name;
  if (typeof name !== "string" || !Object.hasOwn(schemas, name)) return null;
  const [error, value] = validateUntrusted(message, schemas[name] as Struct<unknown, unknown>);
  return error ? null : (value as MessageOf<T>);
}

/**
 * Whether a message event comes from the expected frame: its origin equals the frame URL's origin
 * exactly (spec §5; the reference compares `event.origin === frameUrl`), and, when given, from that
 * frame's window.
 */
export function fromFrame(event: MessageEvent, frameUrl: string, frameWindow?: Window | null): boolean {
  let origin: string;
  try {
    origin = new URL(frameUrl).origin;
  } catch {
    return false;
  }
  if (event.origin !== origin) return false;
  return frameWindow === undefined || frameWindow === null || event.source === frameWindow;
}

/**
 * Serialises a message for `postMessage`, as a JSON string like the reference's; a banner's or
 * modal's own messages carry its frame's `type` ("BANNER", "MODAL").
 */
export const frameMessageText = (message: { name: string; type?: string }) => JSON.stringify(message);
