import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { assignedHere, assignmentNoticeFor, type Said } from "../assignments/assignment-notice.ts";
import { assignmentsApi } from "../assignments/assignments-api.ts";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { createThrottledCall } from "../realtime/throttled-call.ts";
import { sessionState } from "../session/session-store.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { type AlertNotice, mentionNoticeFor, noticeFor } from "./alert-notice.ts";
import { readAlertPreferences } from "./alert-preferences.ts";
import { alertState, setAlerts } from "./alert-store.ts";
import { alertsApi } from "./alerts-api.ts";
import "../shell/layout/navigation-texts.ts";
import "../assignments/assignment-texts.ts";

/** Pushes that can change a count; one reload a second at most, however busy the team is. */
const countingPushes: ReadonlySet<StaffPush["name"]> = new Set([
  "report-created",
  "report-updated",
  "conversation-message",
  "conversation-status",
  "staff-note",
  "assignment",
  "assigned-to-you",
]);
const reloadGapMs = 1000;

/** One read of the counts at a time for the whole tab, at most one a second. */
// Reads can overlap (a slow one, then the next after the gap): only the newest answer is shown.
let newestRead = 0;
const counts = createThrottledCall(() => {
  const read = ++newestRead;
  alertsApi.counts().then(
    (alerts) => {
      if (read === newestRead) setAlerts(alerts);
    },
    () => {
      // A failed read keeps the last counts; the next push or screen change asks again.
    },
  );
}, reloadGapMs);

/**
 * Asks for the counts again: after a screen read something staff pushes nothing about (a report
 * opened, a conversation read), so the navigation and the title follow at once.
 */
export function refreshAlertCounts(): void {
  counts.request();
}

/**
 * The alerts of every dashboard screen: the counts in the navigation and the tab title,
 * read at the start, after each screen change (opening a report reads it) and on the staff pushes
 * that move them; a toast for a new report or a visitor's message about something not on screen,
 * with a sound and a desktop notification when the admin turned them on; and the admin's own toast
 * when work is given to them (assignment-notice.ts), with their count beside "Mine".
 */
export function useAlertFeed(): void {
  const { t } = useT();
  const [location] = useLocation();
  const where = useRef(location);
  where.current = location;

  // Each screen change: opening a report reads it, so the count may have moved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is what triggers the read.
  useEffect(() => {
    refreshAlertCounts();
  }, [location]);
  useEffect(() => () => counts.cancel(), []);

  const announce = (notice: AlertNotice, said?: Said) => {
    const heading = said
      ? t(said.id, said.values)
      : notice.kind === "report"
        ? t("alerts.newReport", { id: notice.reference })
        : notice.kind === "mention"
          ? t("alerts.mention", { name: notice.reference })
          : t("alerts.newMessage");
    const preferences = readAlertPreferences();
    if (document.hidden && preferences.desktop && "Notification" in window) {
      if (Notification.permission === "granted") {
        const shown = new Notification(heading, { body: notice.body, tag: notice.href });
        shown.onclick = () => {
          window.focus();
          history.pushState(null, "", notice.href);
          dispatchEvent(new PopStateEvent("popstate"));
        };
      }
    }
    showToast({
      type: "info",
      heading,
      body: notice.body,
      link: { href: notice.href, label: t("alerts.open") },
    });
    if (preferences.sound) new Audio("/sounds/ping.wav").play().catch(() => undefined);
  };

  const announceAssignment = (push: StaffPush) => {
    // The push carries the new count: "Mine" moves at once, before the counts are read again.
    if (push.name === "assigned-to-you") alertState.assigned = push.data.assigned;
    const given = assignmentNoticeFor(push, where.current, t("assignments.formerAdmin"));
    if (given) {
      const more = given.more > 0 ? ` · ${t("assignments.toast.more", { count: given.more })}` : "";
      const body = given.body || t("assignments.untitled");
      announce(
        { kind: "assignment", reference: "", body: `${body}${more}`, href: given.href },
        given.heading,
      );
      return;
    }
    // Given while the admin has that very item open: seen there, so their count does not rise.
    const here = assignedHere(push, where.current);
    if (here) assignmentsApi.seen(here.kind, here.id).then(refreshAlertCounts, () => undefined);
  };

  useStaffPush((push) => {
    if (countingPushes.has(push.name)) refreshAlertCounts();
    if (push.name === "assigned-to-you") return announceAssignment(push);
    const notice =
      noticeFor(push, where.current) ?? mentionNoticeFor(push, sessionState.user?.id, where.current);
    if (notice) announce(notice);
  }, refreshAlertCounts);
}
