import type { SQL } from "bun";
import type { OutboundAction, OutboundType } from "../../../shared/outbound-api.ts";
import { matchesPageFilter } from "../../../shared/page-filter.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToSession } from "../../realtime/widget-socket.ts";
import { countUnreadMessages } from "../conversations/conversations-repository.ts";
import type { WidgetProject } from "../projects/projects-repository.ts";
import { findSessionById, type StoredSession } from "../sessions/sessions-repository.ts";
import { tourConfigForClient } from "./outbound-answers.ts";
import {
  countUnreadNotifications,
  forgetDelivery,
  listUndeliveredLiveActions,
  type Outbound,
  recordDelivery,
} from "./outbound-repository.ts";
import { escapeHtml } from "./tiptap-html.ts";

/** What a delivery uses: the database and the fan-out that reaches the session's sockets. */
export interface DeliveryDeps {
  sql: SQL;
  fanout: Fanout;
}

/**
 * Kinds that take over the page (a banner, a modal, a tour, a survey): one of them per update, since a
 * client shows one at a time and would drop the rest although they were marked as delivered. The
 * others wait for a later ping. Notifications stack, so all of them go at once.
 */
const takeovers: ReadonlySet<OutboundType> = new Set(["banner", "modal", "tour", "survey"]);

/**
 * Content is matched against the page the session was last seen on. Until a page is known only
 * content without a page filter goes out, so a filter like `isnot /checkout` cannot fire on a page
 * that might be the checkout.
 */
export function matchesPage(
  outbound: Pick<Outbound, "pageFilter" | "pageFilterType">,
  page: string | null,
): boolean {
  if (outbound.pageFilter.trim() === "") return true;
  if (page === null) return false;
  return matchesPageFilter(page, outbound.pageFilter, outbound.pageFilterType);
}

/** An audience of identified users needs a `userId` (identify); anonymous visitors have none. */
export function matchesAudience(
  outbound: Pick<Outbound, "audience">,
  session: Pick<StoredSession, "userId">,
) {
  if (outbound.audience === "identified") return session.userId !== null;
  if (outbound.audience === "anonymous") return session.userId === null;
  return true;
}

/** What goes out now: every matching notification and the first matching takeover. */
function pickDeliverable(candidates: Outbound[], session: StoredSession): Outbound[] {
  const picked: Outbound[] = [];
  let takeoverPicked = false;
  for (const outbound of candidates) {
    if (!matchesPage(outbound, session.lastPage) || !matchesAudience(outbound, session)) continue;
    if (outbound.type === "notification") picked.push(outbound);
    else if (takeovers.has(outbound.type) && !takeoverPicked) {
      picked.push(outbound);
      takeoverPicked = true;
    }
  }
  return picked;
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

/** The spec §3 "Outbound action object" the client's action handler expects for this content. */
export function toAction(outbound: Outbound, session: StoredSession, now: string): OutboundAction {
  const common = {
    outbound: outbound.id,
    pageFilter: outbound.pageFilter,
    pageFilterType: outbound.pageFilterType,
  };
  const { format, sound, formId, ...data } = outbound.config;
  const filled = (raw: Record<string, unknown>) => fillName(raw, session.name) as Record<string, unknown>;
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
      return { actionType: "tour", data: filled(tourConfigForClient(outbound)), ...common };
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
 * Runs after every stored ping, and when content is published for the sessions connected then: sends
 * the session the project's live content that matches its page and audience and that it has not had yet, as one `update` push with the unread count. Each delivery is recorded before
 * it is pushed, and the insert is what decides, so concurrent pings send a piece of content once.
 */
export async function deliverOutboundActions(
  deps: DeliveryDeps,
  project: WidgetProject,
  session: StoredSession,
): Promise<void> {
  // The ping just moved the session's last page, so the copy taken at authentication is stale.
  const current = (await findSessionById(deps.sql, session.id)) ?? session;
  const candidates = await listUndeliveredLiveActions(deps.sql, project.id, current.id);
  const delivered: Outbound[] = [];
  for (const outbound of pickDeliverable(candidates, current)) {
    if (await recordDelivery(deps.sql, outbound.id, current.id)) delivered.push(outbound);
  }
  if (delivered.length === 0) return;

  const now = new Date().toISOString();
  try {
    const unread = await countUnread(deps.sql, current.id);
    await pushToSession(deps.fanout, current.id, {
      name: "update",
      data: { a: delivered.map((outbound) => toAction(outbound, current, now)), u: unread },
    });
  } catch (error) {
    // Content that never reached the session must not count as delivered: the next ping retries it.
    for (const outbound of delivered) await forgetDelivery(deps.sql, outbound.id, current.id);
    throw error;
  }
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
  await pushToSession(deps.fanout, sessionId, { name: "update", data: { a: [], u: unread } });
  return unread;
}
