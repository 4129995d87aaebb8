import { useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { Link } from "wouter";
import type { NewAssignment } from "../../shared/assignment-api.ts";
import { alertState } from "../alerts/alert-store.ts";
import { badgeText } from "../alerts/alert-title.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { sessionState } from "../session/session-store.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { itemHref } from "./assignment-notice.ts";
import assignmentsCss from "./assignments.css" with { type: "text" };
import { assignmentsApi } from "./assignments-api.ts";
import "./assignment-texts.ts";

adoptStyles(assignmentsCss);

type Loaded = { state: "idle" | "loading" | "failed" } | { state: "ready"; items: readonly NewAssignment[] };

function NewItem({ item, onPick }: { item: NewAssignment; onPick: () => void }) {
  const { t } = useT();
  const title = item.title || t("assignments.untitled");
  const by = item.event.by;
  return (
    <li>
      <Link href={itemHref(item.event.item)} onClick={onPick} data-testid="mine-item">
        <span className="mine-item-title">
          {item.reference ? `${item.reference} · ${title}` : `${t("assignments.conversation")} · ${title}`}
        </span>
        <span className="mine-item-meta">
          {by
            ? t("assignments.givenBy", { name: by.name || t("assignments.formerAdmin") })
            : t("assignments.givenInTurn")}{" "}
          · <TimeAgo value={item.event.createdAt} />
        </span>
      </Link>
    </li>
  );
}

/**
 * What was given to this admin (by someone else or in turn) and not opened yet, in the top bar's bell
 * on every screen, with the ways to all of theirs: the inbox and the conversations filtered to them
 * (their "Mine"). Read when the bell opens (`open`), and again while it is open as work is given and
 * taken away.
 */
export function NewForYou({ open, onPick }: { open: boolean; onPick: () => void }) {
  const { t } = useT();
  const { user } = useSnapshot(sessionState);
  const [loaded, setLoaded] = useState<Loaded>({ state: "idle" });
  const shown = useRef(open);
  shown.current = open;

  const load = useCallback(() => {
    setLoaded((current) => (current.state === "ready" ? current : { state: "loading" }));
    assignmentsApi.newForMe().then(
      (items) => setLoaded({ state: "ready", items }),
      () => setLoaded({ state: "failed" }),
    );
  }, []);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  useStaffPush(
    (push) => {
      if ((push.name === "assigned-to-you" || push.name === "assignment") && shown.current) load();
    },
    () => {
      if (shown.current) load();
    },
  );
  const mine = encodeURIComponent(user?.id ?? "");

  return (
    <section className="new-for-you" aria-labelledby="new-for-you-title" data-testid="new-for-you">
      <p className="alert-settings-title" id="new-for-you-title">
        {t("assignments.mineTitle")}
      </p>
      {loaded.state === "failed" && <p className="new-for-you-note">{t("assignments.mineFailed")}</p>}
      {loaded.state === "ready" && loaded.items.length === 0 && (
        <p className="new-for-you-note">{t("assignments.mineEmpty")}</p>
      )}
      {loaded.state === "ready" && loaded.items.length > 0 && (
        <ul className="new-for-you-list">
          {loaded.items.map((item) => (
            <NewItem key={item.event.id} item={item} onPick={onPick} />
          ))}
        </ul>
      )}
      <p className="new-for-you-links">
        <Link href={`/dashboard/inbox?assigneeId=${mine}`} onClick={onPick}>
          {t("assignments.myReports")}
        </Link>
        <Link href={`/dashboard/conversations?assigneeId=${mine}`} onClick={onPick}>
          {t("assignments.myConversations")}
        </Link>
      </p>
    </section>
  );
}

/** The bell's badge: this admin's count of new assignments (`AdminAlerts.assigned`), live. */
export function AssignedBadge() {
  const { assigned } = useSnapshot(alertState);
  if (assigned <= 0) return null;
  return (
    <span className="mine-count" data-testid="mine-count" aria-hidden="true">
      {badgeText(assigned)}
    </span>
  );
}
