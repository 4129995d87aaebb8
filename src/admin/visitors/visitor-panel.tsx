import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import type { PlatformUserSummary, VisitorTimeline } from "../../shared/visitor-timeline-api.ts";
import { useResource } from "../api/use-resource.ts";
import { conversationHref } from "../conversations/conversation-paths.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { inboxReportHref } from "../inbox/inbox-paths.ts";
import { reportHref } from "../reports/report-paths.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { ResourceStates } from "../shell/detail/detail-status.tsx";
import gridStacksCss from "../shell/layout/grid-stacks.css" with { type: "text" };
import { useMediaQuery } from "../shell/layout/use-media-query.ts";
import { usersPath } from "../users/user-paths.ts";
import visitorPanelCss from "./visitor-panel.css" with { type: "text" };
import { visitorsApi } from "./visitors-api.ts";

adoptStyles(gridStacksCss);
adoptStyles(visitorPanelCss);

/** What the panel stands beside: that item is linked, not listed among the visitor's others. */
export type TimelineCurrent = { kind: "report"; id: string } | { kind: "conversation"; id: string };

/** Below this width the panel no longer has a column of its own beside a conversation (visitor-panel.css). */
const besideConversationQuery = "(min-width: 1200px)";

/**
 * The "Visitor" panel: the visitor's session, their other reports and
 * conversations, and the platform account behind a verified identity, beside a report or a
 * conversation. Beside a conversation on a narrower screen it folds under its heading, so the
 * messages keep the room; `reloadKey` asks again after a change the panel shows (a first reply).
 */
export function VisitorPanel({
  sessionId,
  current,
  reloadKey = "",
}: {
  sessionId: string;
  current: TimelineCurrent;
  reloadKey?: string;
}) {
  const { t } = useT();
  const { resource, reload } = useResource(
    () => visitorsApi.timeline(sessionId),
    `${sessionId}/${reloadKey}`,
  );
  const wide = useMediaQuery(besideConversationQuery);
  const foldable = current.kind === "conversation" && !wide;
  const [unfolded, setUnfolded] = useState(false);
  const open = !foldable || unfolded;
  const bodyId = `visitor-panel-body-${current.kind}`;

  return (
    <aside
      className={`visitor-panel visitor-panel-${current.kind}`}
      aria-labelledby="visitor-panel-title"
      data-testid="visitor-panel"
      // Beside a conversation the panel scrolls on its own; keyboard users must be able to scroll it
      // even when it holds no link (axe: scrollable-region-focusable).
      tabIndex={current.kind === "conversation" ? 0 : undefined}
    >
      <h2 id="visitor-panel-title" className="visitor-panel-title">
        {foldable ? (
          <button
            type="button"
            className="visitor-panel-toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setUnfolded(!unfolded)}
          >
            {t("visitor.title")}
          </button>
        ) : (
          t("visitor.title")
        )}
      </h2>
      {open && (
        <div id={bodyId} className="visitor-panel-body">
          <ResourceStates
            resource={resource}
            loading="visitor.loading"
            error="visitor.error"
            retry="visitor.retry"
            onRetry={reload}
          >
            {(timeline) => <TimelineView timeline={timeline} current={current} />}
          </ResourceStates>
        </div>
      )}
    </aside>
  );
}

/**
 * One of the visitor's lists (`id` names its title and its test id): each item's link, with its status and
 * when it was created or last changed; `empty` says there is none.
 */
function VisitorItems({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: readonly { id: string; link: ReactNode; status: string; at: string }[];
}) {
  return (
    <section className="visitor-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {items.length === 0 ? (
        <p className="subtle">{empty}</p>
      ) : (
        <ul className="visitor-items" data-testid={id}>
          {items.map((item) => (
            <li key={item.id}>
              {item.link}
              <span className="visitor-item-meta subtle">
                {item.status} · <TimeAgo value={item.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TimelineView({ timeline, current }: { timeline: VisitorTimeline; current: TimelineCurrent }) {
  const { t } = useT();
  const reports = timeline.reports.filter(
    (report) => !(current.kind === "report" && report.id === current.id),
  );
  const conversations = timeline.conversations.filter(
    (conversation) => !(current.kind === "conversation" && conversation.id === current.id),
  );
  return (
    <>
      <LinkedItem timeline={timeline} current={current} />
      <SessionFacts timeline={timeline} />
      {timeline.platformUser ? (
        <PlatformUser user={timeline.platformUser} />
      ) : (
        timeline.session.userId &&
        !timeline.session.userVerified && (
          <p className="subtle visitor-note">{t("visitor.notVerifiedNote")}</p>
        )
      )}
      <VisitorItems
        id="visitor-reports"
        title={t("visitor.otherReports")}
        empty={t("visitor.noOtherReports")}
        items={reports.map((report) => ({
          id: report.id,
          link: (
            <Link href={inboxReportHref(report.id)} className="visitor-item-link">
              <span className="visitor-item-id">{report.shortId}</span> {report.title || report.type}
            </Link>
          ),
          status: t(`inbox.status.${report.status}` as "inbox.status.OPEN"),
          at: report.createdAt,
        }))}
      />
      <VisitorItems
        id="visitor-conversations"
        title={t("visitor.otherConversations")}
        empty={t("visitor.noOtherConversations")}
        items={conversations.map((conversation) => ({
          id: conversation.id,
          link: (
            <Link
              href={conversationHref(conversation.projectId, conversation.id)}
              className="visitor-item-link"
            >
              {conversation.subject || t("conversations.noMessages")}
            </Link>
          ),
          status: t(`conversations.status.${conversation.status}`),
          at: conversation.updatedAt,
        }))}
      />
    </>
  );
}

/** The other half of a report ↔ conversation pair, when there is one. */
function LinkedItem({ timeline, current }: { timeline: VisitorTimeline; current: TimelineCurrent }) {
  const { t } = useT();
  if (current.kind === "conversation") {
    const report = timeline.conversations.find((item) => item.id === current.id)?.report;
    if (!report) return null;
    const title = timeline.reports.find((item) => item.id === report.id)?.title;
    return (
      <p className="visitor-linked">
        <Link href={inboxReportHref(report.id)} data-testid="conversation-report-link">
          {t("visitor.aboutReport", { id: report.shortId })}
        </Link>
        {title && <span className="subtle"> · {title}</span>}
      </p>
    );
  }
  const conversationId = timeline.reports.find((item) => item.id === current.id)?.conversationId;
  const conversation = timeline.conversations.find((item) => item.id === conversationId);
  if (!conversation) return null;
  return (
    <p className="visitor-linked">
      <Link href={conversationHref(conversation.projectId, conversation.id)}>
        {t("visitor.reportConversation")}
      </Link>
    </p>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="visitor-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SessionFacts({ timeline }: { timeline: VisitorTimeline }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const { session } = timeline;
  const unknown = <span className="subtle">{t("visitor.unknown")}</span>;
  return (
    <section className="visitor-section" aria-labelledby="visitor-session-title">
      <h3 id="visitor-session-title">{t("visitor.session")}</h3>
      <dl className="visitor-facts" data-testid="visitor-session">
        {session.name && <Fact label={t("visitor.name")}>{session.name}</Fact>}
        {session.email && (
          <Fact label={t("visitor.email")}>
            <span className="email-text">{session.email}</span>
          </Fact>
        )}
        {session.userId && (
          <Fact label={t("visitor.userId")}>
            <code>{session.userId}</code>{" "}
            <span className={session.userVerified ? "badge badge-success" : "badge"}>
              {t(session.userVerified ? "visitor.verified" : "visitor.unverified")}
            </span>
          </Fact>
        )}
        <Fact label={t("visitor.currentPage")}>
          {session.currentPage ? <span className="visitor-url">{session.currentPage}</span> : unknown}
        </Fact>
        <Fact label={t("visitor.browser")}>{session.browser ?? unknown}</Fact>
        <Fact label={t("visitor.language")}>{session.lang ?? unknown}</Fact>
        <Fact label={t("visitor.firstSeen")}>
          <span title={format.ago(session.firstSeenAt)}>{format.dateTime(session.firstSeenAt)}</span>
        </Fact>
        <Fact label={t("visitor.lastSeen")}>
          <TimeAgo value={session.lastSeenAt} />
        </Fact>
        <Fact label={t("visitor.pageViews")}>{formatNumber(session.pageViews)}</Fact>
      </dl>
    </section>
  );
}

function PlatformUser({ user }: { user: PlatformUserSummary }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const until = (ban: { endsAt: string | null }) =>
    ban.endsAt ? t("visitor.banUntil", { date: format.dateTime(ban.endsAt) }) : t("visitor.banForever");
  const bans = [
    user.bans.createTask && t("visitor.createBan", { until: until(user.bans.createTask) }),
    user.bans.reportTask && t("visitor.reportBan", { until: until(user.bans.reportTask) }),
  ].filter((line): line is string => Boolean(line));
  const { reportedTasks } = user;
  return (
    <section
      className="visitor-section"
      aria-labelledby="visitor-user-title"
      data-testid="visitor-platform-user"
    >
      <h3 id="visitor-user-title">{t("visitor.platformUser")}</h3>
      <p className="visitor-user-name">
        <Link href={`${usersPath}/${encodeURIComponent(user.id)}`}>{user.displayName || user.name}</Link>
        {!user.enabled && <span className="badge badge-danger">{t("visitor.disabled")}</span>}
      </p>
      <dl className="visitor-facts">
        <Fact label={t("visitor.level")}>
          {t("visitor.levelValue", { level: user.level, name: t(`level.${user.levelName}`) })}
        </Fact>
        <Fact label={t("visitor.xp")}>{formatNumber(user.xp)}</Fact>
        <Fact label={t("visitor.balance")}>{formatNumber(user.balance)}</Fact>
        <Fact label={t("visitor.bans")}>{bans.length === 0 ? t("visitor.noBans") : bans.join("; ")}</Fact>
        <Fact label={t("visitor.reportedTasks")}>
          {t("visitor.reportedCount", { total: reportedTasks.total, open: reportedTasks.open })}
        </Fact>
      </dl>
      {reportedTasks.latest.length > 0 && (
        <ul className="visitor-items">
          {reportedTasks.latest.map((report) => (
            <li key={report.id}>
              <Link href={reportHref(report.id)} className="visitor-item-link">
                {report.title || report.reason}
              </Link>
              <span className="visitor-item-meta subtle">
                {t(report.resolved ? "visitor.resolved" : "visitor.open")} ·{" "}
                <TimeAgo value={report.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link href={`${usersPath}/${encodeURIComponent(user.id)}`} className="visitor-user-link">
        {t("visitor.openUser")} →
      </Link>
    </section>
  );
}
