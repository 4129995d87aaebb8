import { array, enums, type Infer, nullable, object, optional, refine, size, string } from "superstruct";
import { botGraphVerdict } from "./bot-graph.ts";
import { boundedText, ImageUrl, Key, type Stored } from "./payload-text.ts";

/**
 * The messenger's bots: what the frame app reads under `/api/widget` with the session headers, and what
 * the admin writes under `/api/projects/{projectId}/…`. Bot messages travel as HTML, which every client
 * sanitizes before showing it.
 *
 * Widget routes (session auth, JSON):
 *   GET  /bots/{botId}                        → Bot (404 when not live)
 *
 * Admin routes (bearer token of an ADMIN; lists take page, pageSize, q, sort and answer
 * {items, total, page, pageSize}; every write is audited):
 *   under /api/projects/{projectId}/:
 *   bots:
 *     GET (list), POST (create, 201), GET/PUT/DELETE {id} (204); the body is BotWrite; 404 unknown
 *     project or record, 400 invalid fields
 */

export const botStepTypes = ["message", "buttons", "collect", "handover"] as const;

/** What a `collect` step asks for: a line of text, an e-mail address, or one of its options. */
export const botFieldTypes = ["text", "email", "choice"] as const;

/**
 * A scripted step. `message` says `text` and goes on to `next` (or ends); `buttons` offers choices,
 * each going to its `next`; `collect` asks for a field and stores the answer under `field.key`;
 * `handover` starts a conversation with a human, carrying the transcript and what was collected.
 */
export const BotStep = object({
  id: Key,
  type: enums(botStepTypes),
  text: optional(boundedText(0, 4000)),
  buttons: optional(
    size(array(object({ label: boundedText(1, 100), next: optional(nullable(string())) })), 0, 10),
  ),
  field: optional(
    object({
      key: boundedText(1, 64),
      label: boundedText(1, 200),
      type: enums(botFieldTypes),
      /** The answers a `choice` field offers (the visitor picks one). */
      options: optional(size(array(boundedText(1, 100)), 0, 10)),
    }),
  ),
  next: optional(nullable(string())),
});
export type BotStep = Infer<typeof BotStep>;

export const BotWrite = object({
  name: boundedText(1, 200),
  avatarUrl: optional(nullable(ImageUrl)),
  /**
   * The first step is where the bot starts; the rules are src/shared/bot-graph.ts's (unique ids, every
   * `next` names a step, `buttons` steps have buttons, `collect` steps a field, a choice its options).
   */
  steps: refine(size(array(BotStep), 1, 100), "steps", botGraphVerdict),
  status: enums(["draft", "live"]),
});
export type BotWrite = Infer<typeof BotWrite>;

export interface Bot {
  id: string;
  name: string;
  avatarUrl: string | null;
  steps: BotStep[];
}

// ---------- admin answers (under /api/projects) ----------

export interface AdminBot extends Stored {
  name: string;
  avatarUrl: string | null;
  steps: BotStep[];
  status: "draft" | "live";
}
