import type { PingRequest } from "../../shared/widget-session-api.ts";

/**
 * A hand-written check of the ping's body that answers only "surely valid": superstruct's generators
 * took about a third of a ping's CPU time. A body this check accepts is one `PingRequest`
 * accepts and means the same (events default to []); anything else (wrong, unusual or unknown) goes
 * to superstruct, which answers the 400 with its message. ping-request-check.test.ts holds the two
 * to agreement on random bodies.
 */

const knownKeys = new Set(["time", "events", "opened", "type", "sdkVersion", "ws"]);
const eventKeys = new Set(["name", "date", "data"]);
const maxEvents = 500;

const optionalOf = (value: unknown, type: "number" | "string" | "boolean") =>
  value === undefined || typeof value === type;

function plainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function surelyEvent(value: unknown): boolean {
  if (!plainObject(value)) return false;
  for (const key in value) if (!eventKeys.has(key)) return false;
  const { name, date } = value;
  return typeof name === "string" && name.length >= 1 && name.length <= 255 && optionalOf(date, "string");
}

/** The body as a `PingRequest` when it surely is one; null when superstruct must judge it. */
export function surelyPingRequest(value: unknown): PingRequest | null {
  if (!plainObject(value)) return null;
  for (const key in value) if (!knownKeys.has(key)) return null;
  const { time, events, opened, type, sdkVersion, ws } = value;
  if (typeof time === "number" && !Number.isFinite(time)) return null;
  if (!optionalOf(time, "number") || !optionalOf(opened, "boolean") || !optionalOf(type, "string"))
    return null;
  if (!optionalOf(ws, "boolean") || !optionalOf(sdkVersion, "string")) return null;
  if (typeof sdkVersion === "string" && sdkVersion.length > 32) return null;
  if (
    events !== undefined &&
    !(Array.isArray(events) && events.length <= maxEvents && events.every(surelyEvent))
  )
    return null;
  return { ...value, events: (events as PingRequest["events"] | undefined) ?? [] } as PingRequest;
}
