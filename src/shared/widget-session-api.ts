import {
  array,
  boolean,
  coerce,
  defaulted,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  type,
  union,
  unknown,
} from "superstruct";
import type { OutboundUpdatePush } from "./widget-socket-pushes.ts";

/** Body of `POST {api}/sessions`: the reference client sends only its language. */
export const SessionStartRequest = object({
  lang: optional(size(string(), 0, 32)),
});
export type SessionStartRequest = Infer<typeof SessionStartRequest>;

/**
 * The session object every session endpoint answers with. The client keeps it whole (spec §3) and
 * treats the visitor as identified only when `userId` is a non-empty string.
 */
export const WidgetSession = object({
  gleapId: string(),
  gleapHash: string(),
  userId: nullable(string()),
  name: nullable(string()),
  email: nullable(string()),
  phone: nullable(string()),
  value: nullable(number()),
  customData: record(string(), unknown()),
  lang: nullable(string()),
});
export type WidgetSession = Infer<typeof WidgetSession>;

const shortText = size(string(), 0, 512);

/** A flattened custom-data value: hosts pass scalars, which land in the session's customData. */
export const CustomDataValue = union([string(), number(), boolean(), literal(null)]);

/**
 * The user fields `identify` and `partialupdate` carry. Any other top-level key is flattened custom
 * data and must be a scalar (checked by the server after this schema, see `splitUserFields`).
 */
export const UserFields = type({
  name: optional(nullable(shortText)),
  email: optional(nullable(shortText)),
  phone: optional(nullable(shortText)),
  value: optional(nullable(number())),
  plan: optional(nullable(shortText)),
  companyName: optional(nullable(shortText)),
  companyId: optional(nullable(shortText)),
  avatar: optional(nullable(size(string(), 0, 2048))),
  createdAt: optional(nullable(shortText)),
  customData: optional(record(string(), unknown())),
  lang: optional(size(string(), 0, 32)),
});
export type UserFields = Infer<typeof UserFields>;

/** Keys of `UserFields`, so the server can tell flattened custom data apart. */
export const userFieldKeys = Object.keys(UserFields.schema as Record<string, unknown>);

/** `POST {api}/sessions/identify`: a user id (numbers are accepted and kept as text), its hash, fields. */
export const IdentifyRequest = type({
  userId: coerce(size(string(), 1, 256), number(), (value) => String(value)),
  userHash: optional(nullable(size(string(), 0, 256))),
});
export type IdentifyRequest = Infer<typeof IdentifyRequest>;

/** `POST {api}/sessions/partialupdate`. */
export const PartialUpdateRequest = object({
  data: record(string(), unknown()),
  type: optional(string()),
  sdkVersion: optional(string()),
  ws: optional(boolean()),
});
export type PartialUpdateRequest = Infer<typeof PartialUpdateRequest>;

/** One tracked event as the SDK streams it. */
export const StreamedEvent = object({
  name: size(string(), 1, 255),
  date: optional(string()),
  data: optional(unknown()),
});
export type StreamedEvent = Infer<typeof StreamedEvent>;

/** `POST {api}/sessions/ping`: queued events and the session's running time in seconds. */
export const PingRequest = object({
  time: optional(number()),
  events: defaulted(size(array(StreamedEvent), 0, 500), []),
  opened: optional(boolean()),
  type: optional(string()),
  sdkVersion: optional(size(string(), 0, 32)),
  /** Whether the widget's socket is open; false: the content due goes back in the answer, not pushed. */
  ws: optional(boolean()),
});
export type PingRequest = Infer<typeof PingRequest>;

/**
 * The ping's answer: how many events were stored, and, for a ping sent with `ws: false` that made
 * offers, the `update` push a socket would have carried, as it is (`name` and `data`), so the widget
 * handles it as one (src/shared/widget-socket-pushes.ts).
 */
export type PingAnswer = { ok: true; stored: number } & Partial<OutboundUpdatePush>;
