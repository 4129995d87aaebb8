import { matchesPageFilter } from "../../shared/page-filter.ts";

/**
 * The notification stack's state (spec §2 "Notification stack", §3 "Notification", §5, §9): what a
 * notification is, de-duplication by outbound id, the limit of 2, the unread cache in localStorage
 * and the `{{name}}` placeholder. No DOM here besides the storage it is handed.
 */

export const unreadNotificationsKey = "unread-notifications";
/** Spec §9: at most this many notifications are kept, the newest. */
export const notificationLimit = 2;
/** Spec §9: a cached unread notification is shown again on a later page view for this long. */
export const notificationCacheAgeMs = 3_600_000;

export interface NotificationSender {
  name?: string;
  profileImageUrl?: string;
}

export interface NotificationChecklist {
  id: string;
  currentStep?: number;
  totalSteps?: number;
  nextStepTitle?: string;
  popupType?: string;
}

export interface NotificationData {
  text: string;
  sender?: NotificationSender;
  /** A news notification names its article; the reference also accepts `news: true`. */
  news?: { id?: string };
  coverImageUrl?: string;
  conversation?: { shareToken: string };
  checklist?: NotificationChecklist;
  previewText?: string;
}

/** An outbound action of type notification, as the socket delivers it and `showNotification` takes it. */
export interface NotificationAction {
  outbound: string;
  createdAt: string;
  sound: boolean;
  pageFilter: string;
  pageFilterType: string;
  data: NotificationData;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;
const count = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

function readSender(value: unknown): NotificationSender | undefined {
  if (!isRecord(value)) return undefined;
  const name = text(value.name) ?? text(value.firstName);
  const profileImageUrl = text(value.profileImageUrl);
  return name || profileImageUrl ? { name, profileImageUrl } : undefined;
}

function readData(value: Record<string, unknown>): NotificationData {
  const data: NotificationData = { text: typeof value.text === "string" ? value.text : "" };
  const sender = readSender(value.sender);
  if (sender) data.sender = sender;
  if (value.news === true) data.news = {};
  else if (isRecord(value.news)) data.news = { id: text(value.news.id) };
  const coverImageUrl = text(value.coverImageUrl);
  if (coverImageUrl) data.coverImageUrl = coverImageUrl;
  const previewText = text(value.previewText);
  if (previewText) data.previewText = previewText;
  if (isRecord(value.conversation)) {
    const shareToken = text(value.conversation.shareToken);
    if (shareToken) data.conversation = { shareToken };
  }
  if (isRecord(value.checklist)) {
    const id = text(value.checklist.id);
    // The reference reads the progress beside `checklist`; the spec lists it with it: both are read.
    if (id) {
      data.checklist = {
        id,
        currentStep: count(value.checklist.currentStep) ?? count(value.currentStep),
        totalSteps: count(value.checklist.totalSteps) ?? count(value.totalSteps),
        nextStepTitle: text(value.checklist.nextStepTitle) ?? text(value.nextStepTitle),
        popupType: text(value.checklist.popupType),
      };
    }
  }
  return data;
}

let localIds = 0;

/**
 * A notification from what a host or the socket passed, or null when it is not one. The socket's
 * actions carry `{data, outbound, createdAt, sound, pageFilter, pageFilterType}`; a host may also pass
 * only the data (`{text, sender, …}`): it gets its own id, so two such calls show two notifications.
 */
export function readNotification(raw: unknown, now = Date.now()): NotificationAction | null {
  if (!isRecord(raw)) return null;
  const hasData = isRecord(raw.data);
  const data = readData(hasData ? (raw.data as Record<string, unknown>) : raw);
  if (data.text === "" && !data.news && !data.checklist && !data.sender) return null;
  const createdAt = text(raw.createdAt);
  return {
    outbound: text(raw.outbound) ?? `local-${now}-${++localIds}`,
    createdAt: createdAt && !Number.isNaN(Date.parse(createdAt)) ? createdAt : new Date(now).toISOString(),
    sound: raw.sound === true,
    pageFilter: hasData ? (text(raw.pageFilter) ?? "") : "",
    pageFilterType: hasData ? (text(raw.pageFilterType) ?? "") : "",
    data,
  };
}

/** Spec §5: actions do nothing where their page filter does not match the current address. */
export const matchesPage = (action: NotificationAction, href: string) =>
  matchesPageFilter(href, action.pageFilter, action.pageFilterType);

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * Fills `{{name}}` in a text the way the server fills socket deliveries (outbound-delivery.ts): the
 * texts may hold HTML, so the name goes in escaped; without a name the placeholder and the space
 * before it go ("Hi {{name}}, welcome" reads "Hi, welcome").
 */
export function fillName(value: string, name: string | null | undefined): string {
  return name
    ? value.replace(/\{\{\s*name\s*\}\}/g, escapeHtml(name))
    : value.replace(/\s*\{\{\s*name\s*\}\}/g, "");
}

/** Every text of a notification's data with `{{name}}` filled (a socket delivery has none left). */
export function withName(data: NotificationData, name: string | null | undefined): NotificationData {
  const fill = (value: string | undefined) => (value === undefined ? undefined : fillName(value, name));
  return {
    ...data,
    text: fillName(data.text, name),
    previewText: fill(data.previewText),
    checklist: data.checklist && { ...data.checklist, nextStepTitle: fill(data.checklist.nextStepTitle) },
  };
}

/**
 * Adds a notification: one already in the list by outbound id is not added again (false), and only the
 * newest `notificationLimit` stay.
 */
export function addNotification(
  list: readonly NotificationAction[],
  action: NotificationAction,
): { list: NotificationAction[]; added: boolean } {
  if (list.some((item) => item.outbound === action.outbound)) return { list: [...list], added: false };
  return { list: [...list, action].slice(-notificationLimit), added: true };
}

/** The cached unread notifications created within the last hour, the newest `notificationLimit`. */
export function readCache(storage: Storage | null, now = Date.now()): NotificationAction[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(unreadNotificationsKey) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((item) => readNotification(item, now))
      .filter(
        (item): item is NotificationAction =>
          item !== null && Date.parse(item.createdAt) > now - notificationCacheAgeMs,
      )
      .slice(-notificationLimit);
  } catch {
    return [];
  }
}

export function writeCache(storage: Storage | null, list: readonly NotificationAction[]): void {
  try {
    if (list.length === 0) storage?.removeItem(unreadNotificationsKey);
    else storage?.setItem(unreadNotificationsKey, JSON.stringify(list));
  } catch {
    // A full or blocked storage only loses the reload on the next page view.
  }
}

/** News first, oldest first, as the reference pages through them; the others below. */
export function splitNews(list: readonly NotificationAction[]) {
  const news = list
    .filter((item) => item.data.news)
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return { news, others: list.filter((item) => !item.data.news) };
}

/** Spec §9: the checklist bar shows the rounded percentage, plus 4 while under 100. */
export function checklistProgress(checklist: NotificationChecklist): number {
  const total = checklist.totalSteps ?? 0;
  if (total <= 0) return 0;
  const percent = Math.round(((checklist.currentStep ?? 0) / total) * 100);
  return Math.min(100, percent < 100 ? percent + 4 : percent);
}
