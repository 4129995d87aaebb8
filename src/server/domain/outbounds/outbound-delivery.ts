import type { SQL } from "bun";
import { contentLanguageFor } from "../../../shared/content-languages.ts";
import type { OutboundAction } from "../../../shared/outbound-api.ts";
import { escapeHtml } from "../../../shared/tiptap-html.ts";
import { type OutboundUpdatePush, unreadCountPush } from "../../../shared/widget-socket-pushes.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToSession } from "../../realtime/widget-socket.ts";
import { countUnreadMessages } from "../conversations/conversations-repository.ts";
import type { WidgetProject } from "../projects/projects-repository.ts";
import { renderTipTapDocs } from "../rich-text/rich-text-rendering.ts";
import { findSessionById, type StoredSession } from "../sessions/sessions-repository.ts";
import { tourConfigForClient } from "./outbound-answers.ts";
import { localizedConfig } from "./outbound-language.ts";
import {
  countUnreadNotifications,
  listLiveActionCandidates,
  type Outbound,
  recordOffers,
} from "./outbound-repository.ts";
import { type DeliveryState, pickOffers } from "./takeover-queue.ts";

/** What a delivery uses: the database and the fan-out that reaches the session's sockets. */
export interface DeliveryDeps {
  sql: SQL;
  fanout: Fanout;
}

/**
 * Fills `{{name}}` (spec §3 Notification) in every string of the data with the session's name. The
 * reference client puts notification text into innerHTML, so the name goes in escaped; without a name
 * the placeholder and the space before it go ("Hi {{name}}, welcome" reads "Hi, welcome").
 */
function fillName(value: unknown, name: string | null): unknown {
  if (typeof value === "string") {
    return name
      ? value.replace(/\{\{\s*name\s*\}\}/g, escapeHtml(name))
      : value.replace(/\s*\{\{\s*name\s*\}\}/g, "");
  }
  if (Array.isArray(value)) return value.map((item) => fillName(item, name));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillName(item, name)]));
  }
  return value;
}

const asString = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * The spec §3 "Outbound action object" the client's action handler expects for this content, in the
 * session's language where the content is written in it (outbound-language.ts).
 */
export function toAction(
  outbound: Outbound,
  session: Pick<StoredSession, "name" | "lang">,
  now: string,
): OutboundAction {
  const language = contentLanguageFor(session.lang);
  const common = {
    outbound: outbound.id,
    pageFilter: outbound.pageFilter,
    pageFilterType: outbound.pageFilterType,
  };
  const { format, sound, formId, ...data } = localizedConfig(outbound.config, language);
  // Bodies written in the rich-text editor are TipTap documents; clients get them as allowed HTML,
  // and the name goes into that HTML (escaped), not into the document.
  const filled = (raw: Record<string, unknown>) =>
    fillName(renderTipTapDocs(raw), session.name) as Record<string, unknown>;
  const withFormat = asString(format) ? { format: asString(format) } : {};
  switch (outbound.type) {
    case "notification":
      return {
        actionType: "notification",
        ...withFormat,
        data: filled(data),
        ...common,
        createdAt: now,
        sound: sound === true,
      };
    case "tour":
      return { actionType: "tour", data: filled(tourConfigForClient(outbound, language)), ...common };
    case "survey":
      // The reference client calls showSurvey(actionType, format): the action type is the form to show.
      return {
        actionType: asString(formId) ?? outbound.id,
        format: asString(format) ?? "survey",
        data: filled(data),
        ...common,
      };
    default:
      return { actionType: outbound.type, ...withFormat, data: filled(data), ...common };
  }
}

/**
 * Runs after every stored ping, after a visitor's closed or completed acknowledgement, and when content
 * is published for the sessions connected then: offers the session what the queue's rules pick
 * (takeover-queue.ts: the head of the banner and of the takeover queue, two notifications) as one
 * `update` push with the unread count. An offer is recorded (a delivery row) but counts as delivered
 * only once the widget acknowledges it as shown; until then it is offered again, so a widget that
 * could not show it (its slot busy, its socket gone) gets it later. The widget ignores an offer of
 * what it already shows.
 */
export async function deliverOutboundActions(
  deps: DeliveryDeps,
  project: WidgetProject,
  session: StoredSession,
): Promise<void> {
  // The ping just moved the session's last page, so the copy taken at authentication is stale.
  const current = (await findSessionById(deps.sql, session.id)) ?? session;
  const candidates = await listLiveActionCandidates(deps.sql, project.id, current.id);
  await sendOffers(deps, current, pickOffers(candidates, current, Date.now()));
}

/**
 * Records the offers never made before and pushes them all with the unread count (nothing when none).
 * Answers the `update` it made, null when there was nothing to offer. `push: false` leaves the push
 * out, for a caller that hands the update to the widget itself (a ping whose widget has no socket yet).
 */
export async function sendOffers(
  deps: DeliveryDeps,
  session: StoredSession,
  offers: ReadonlyArray<Outbound & { delivery: DeliveryState | null }>,
  { push = true }: { push?: boolean } = {},
): Promise<OutboundUpdatePush["data"] | null> {
  if (offers.length === 0) return null;
  await recordOffers(
    deps.sql,
    offers.filter((outbound) => outbound.delivery === null).map((outbound) => outbound.id),
    session.id,
  );
  const now = new Date().toISOString();
  const unread = await countUnread(deps.sql, session.id);
  const data = { a: offers.map((outbound) => toAction(outbound, session, now)), u: unread };
  if (push) await pushToSession(deps.fanout, session.id, { name: "update", data });
  return data;
}

/** The launcher badge (`u`): unread notifications plus staff and bot messages the visitor has not read. */
export async function countUnread(sql: DeliveryDeps["sql"], sessionId: string): Promise<number> {
  const [notifications, messages] = await Promise.all([
    countUnreadNotifications(sql, sessionId),
    countUnreadMessages(sql, sessionId),
  ]);
  return notifications + messages;
}

/**
 * Sends the session its unread count, e.g. when its socket (re)opens, so the badge is right at once. A
 * socket that opens with nothing unread has nothing to learn, so zero is only sent when `evenWhenZero`
 * (after the visitor read a conversation: the badge must go down on every tab).
 */
export async function pushUnreadCount(
  deps: DeliveryDeps,
  sessionId: string,
  { evenWhenZero = false }: { evenWhenZero?: boolean } = {},
): Promise<number> {
  const unread = await countUnread(deps.sql, sessionId);
  if (unread === 0 && !evenWhenZero) return unread;
  await pushToSession(deps.fanout, sessionId, unreadCountPush(unread));
  return unread;
}
