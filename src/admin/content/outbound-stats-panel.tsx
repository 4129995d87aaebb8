import { useEffect, useMemo } from "react";
import type { OutboundKind } from "../../shared/inbox-api.ts";
import type { OutboundEventKind } from "../../shared/outbound-api.ts";
import type { OutboundStats } from "../../shared/outbound-stats-api.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { createThrottledCall } from "../realtime/throttled-call.ts";
import { RetryLine } from "../shell/retry-panel.tsx";
import { contentApi } from "./content-api.ts";
import {
  activeDaysNewestFirst,
  completedLabelKey,
  type SparkColumn,
  sparkColumns,
  statsDayLabel,
} from "./outbound-stats-data.ts";

/** A busy outbound changes with every visitor: its page asks again at most this often. */
const reloadGapMs = 1000;

const sparkWidth = 120;
const sparkHeight = 28;

/** Thirty thin columns, one per day; a day without any keeps a hairline so the month's extent shows. */
function Sparkline({ columns }: { columns: SparkColumn[] }) {
  const step = sparkWidth / Math.max(1, columns.length);
  return (
    <svg
      className="stats-spark"
      viewBox={`0 0 ${sparkWidth} ${sparkHeight}`}
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      {columns.map((column, index) => {
        const height = column.count > 0 ? Math.max(2, column.scale * sparkHeight) : 1;
        return (
          <rect
            key={column.day}
            x={index * step + step * 0.15}
            y={sparkHeight - height}
            width={step * 0.7}
            height={height}
            className={column.count > 0 ? "stats-spark-fill" : "stats-spark-empty"}
          />
        );
      })}
    </svg>
  );
}

/** The four figures with their labels: shown, opened or clicked, completed or answered, closed. */
function useKindLabels(type: OutboundKind): Array<{ kind: OutboundEventKind; label: MessageId }> {
  return useMemo(
    () => [
      { kind: "shown", label: "content.stats.shown" },
      { kind: "opened", label: "content.stats.opened" },
      { kind: "completed", label: completedLabelKey(type) },
      { kind: "closed", label: "content.stats.closed" },
    ],
    [type],
  );
}

/**
 * The tiles and the days. Without `stats` (still loading) the same tiles are drawn with a dash for
 * each figure: the editor below the panel stays where it came instead of moving down by the tiles'
 * height as they arrive.
 */
function StatsFigures({ stats, type }: { stats: OutboundStats | null; type: OutboundKind }) {
  const { t, formatNumber } = useT();
  const kinds = useKindLabels(type);
  const today = stats?.days[stats.days.length - 1];
  const active = stats ? activeDaysNewestFirst(stats.days) : [];
  return (
    <>
      <ul className="stats-tiles">
        {kinds.map(({ kind, label }) => (
          <li key={kind} className={`stats-tile stats-kind-${kind}`} data-testid={`outbound-stat-${kind}`}>
            <span className="stat-label">
              <span className="stats-dot" aria-hidden="true" />
              {t(label)}
            </span>
            <span className="stat-value" data-testid={`outbound-total-${kind}`}>
              {stats ? formatNumber(stats.totals[kind]) : "–"}
            </span>
            <Sparkline columns={stats ? sparkColumns(stats.days, kind) : []} />
            <span className="stats-tile-note">
              {/* A line's height kept while loading; the section says it is busy. */}
              {stats ? t("content.stats.today", { count: today?.[kind] ?? 0 }) : "\u00a0"}
            </span>
          </li>
        ))}
      </ul>
      <details className="stats-days">
        <summary>
          {t("content.stats.days")} <span className="subtle">· {t("content.stats.trend")}</span>
        </summary>
        {!stats ? (
          <p className="subtle">{t("content.stats.loading")}</p>
        ) : active.length === 0 ? (
          <p className="subtle">{t("content.stats.noDays")}</p>
        ) : (
          <div className="stats-days-wrap">
            <table className="stats-days-table" data-testid="outbound-stats-days">
              <thead>
                <tr>
                  <th scope="col">{t("content.stats.day")}</th>
                  {kinds.map(({ kind, label }) => (
                    // On a narrow screen only the figure's dot shows (the tiles above are its legend).
                    <th key={kind} scope="col" className={`numeric stats-kind-${kind}`}>
                      <span className="stats-dot" aria-hidden="true" />
                      <span className="stats-th-label">{t(label)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {active.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">
                      <time dateTime={day.day}>{statsDayLabel(day.day)}</time>
                    </th>
                    {kinds.map(({ kind }) => (
                      <td key={kind} className="numeric">
                        {formatNumber(day[kind])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </>
  );
}

/**
 * An outbound's reach on its page: the sessions whose widget acknowledged it shown, opened
 * or clicked, completed or answered, and closed, in all and per day for 30 days. Live like the inbox:
 * the `outbound-stats` push of this outbound asks again (at most once a second), and so does a
 * reconnect, whose gap may have swallowed pushes.
 */
export function OutboundStatsPanel({
  projectId,
  outboundId,
  type,
}: {
  projectId: string;
  outboundId: string;
  type: OutboundKind;
}) {
  const { t } = useT();
  const { resource, reload, refresh } = useResource(
    () => contentApi.outboundStats(projectId, outboundId),
    `${projectId}/${outboundId}`,
  );
  const throttled = useMemo(() => createThrottledCall(refresh, reloadGapMs), [refresh]);
  useEffect(() => () => throttled.cancel(), [throttled]);
  useStaffPush(
    (push) => {
      if (push.name !== "outbound-stats") return;
      if (push.data.projectId === projectId && push.data.outboundId === outboundId) throttled.request();
    },
    () => throttled.request(),
  );

  return (
    <section
      className="detail-card outbound-stats"
      aria-labelledby="outbound-stats-title"
      aria-busy={resource.state === "loading"}
      data-testid="outbound-stats"
    >
      <header className="outbound-stats-head">
        <h2 id="outbound-stats-title">{t("content.stats.title")}</h2>
        <span className="subtle">{t("content.stats.about")}</span>
      </header>
      {resource.state === "ready" ? (
        <StatsFigures stats={resource.data} type={type} />
      ) : resource.state === "error" ? (
        <RetryLine
          className="stats-error"
          error="content.stats.error"
          retry="content.stats.retry"
          onRetry={reload}
        />
      ) : (
        <StatsFigures stats={null} type={type} />
      )}
    </section>
  );
}
