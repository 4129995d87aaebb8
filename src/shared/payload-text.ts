import { integer, max, min, pattern, refine, size, string } from "superstruct";

/**
 * The field builders the messenger's payload schemas share (feedback-flows-api.ts, conversations-api.ts,
 * bots-api.ts, surveys-api.ts, help-center-api.ts, news-api.ts, feature-requests-api.ts), and the fields
 * every stored record answers with. One schema per request body, shared by the server that validates it
 * and the clients that send it; answer types for the clients.
 */

/**
 * A text of `min` to `max` characters without NUL characters, which PostgreSQL cannot store in a text
 * column (and SQLite would keep, so both engines refuse them alike).
 */
export const boundedText = (min: number, max: number) =>
  refine(
    size(string(), min, max),
    "text",
    (value) => !value.includes("\u0000") || "must not contain NUL characters",
  );

/** Positions within a list (admin `position`), bounded. */
export const Position = max(min(integer(), 0), 10_000);

/** Every id within one list (fields, steps, questions) must be unique. */
export const uniqueBy = <T>(items: T[], key: (item: T) => string, what: string): true | string => {
  const keys = items.map(key);
  return new Set(keys).size === keys.length || `${what} must be unique`;
};

/** An absolute http(s) URL; nothing a browser would run (`javascript:`, `data:text/html`). */
export const WebUrl = refine(boundedText(1, 2048), "webUrl", (value) => {
  return /^https?:\/\/[^\s]+$/i.test(value) || "must be an http(s) URL";
});

/** An image address: an http(s) URL or an inline `data:image/…` (the demo's covers and avatars). */
export const ImageUrl = refine(boundedText(0, 200_000), "imageUrl", (value) => {
  return (
    value === "" ||
    /^https?:\/\/[^\s]+$/i.test(value) ||
    /^data:image\/[a-z0-9.+-]+[;,]/i.test(value) ||
    "must be an http(s) or data:image URL"
  );
});

/** Keys hosts and links use in paths (`startFeedbackFlow("bugreporting")`): letters, digits, - and _. */
export const Key = pattern(boundedText(1, 64), /^[A-Za-z0-9_-]+$/);

export interface Stored {
  id: string;
  createdAt: string;
  updatedAt: string;
}
