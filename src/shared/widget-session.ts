import { type Infer, nullable, number, object, optional, record, size, string, unknown } from "superstruct";

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
