import type { SurveyQuestionResult } from "../../shared/surveys-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { type ChartBar, npsBars, npsShares, optionBars, ratingBars } from "./survey-chart-data.ts";

// Survey results as small SVG charts in the dashboard's bar style (dashboard/reason-chart.tsx): one
// colour, rounded bars on a soft track, the figure beside each bar. A handful of bars needs no chart
// library. The picture is hidden from screen readers, which get the same figures as a list instead.

const rowHeight = 28;
const labelWidth = 150;
const valueWidth = 70;
const chartWidth = 560;

/** What a chart shows, for screen readers. */
function ChartFigures({ bars }: { bars: ChartBar[] }) {
  const { t } = useT();
  return (
    <ul className="visually-hidden">
      {bars.map((bar) => (
        <li key={bar.label}>
          {t("content.survey.barLabel", { label: bar.label, count: bar.count, percent: bar.percent })}
        </li>
      ))}
    </ul>
  );
}

/** Horizontal bars, one per option, labelled at the left and counted at the right. */
function HorizontalBars({ bars }: { bars: ChartBar[] }) {
  const { formatNumber } = useT();
  const track = chartWidth - labelWidth - valueWidth;
  return (
    <>
      <svg
        className="survey-chart"
        viewBox={`0 0 ${chartWidth} ${bars.length * rowHeight}`}
        aria-hidden="true"
      >
        {bars.map((bar, index) => {
          const y = index * rowHeight;
          return (
            <g key={bar.label}>
              <text x={0} y={y + rowHeight / 2} dominantBaseline="middle" className="chart-label">
                {bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label}
                <title>{bar.label}</title>
              </text>
              <rect x={labelWidth} y={y + 8} width={track} height={12} rx={6} className="chart-track" />
              <rect
                x={labelWidth}
                y={y + 8}
                width={Math.max(bar.count > 0 ? 12 : 0, track * bar.scale)}
                height={12}
                rx={6}
                className="chart-fill"
              />
              <text
                x={chartWidth}
                y={y + rowHeight / 2}
                dominantBaseline="middle"
                textAnchor="end"
                className="chart-value"
              >
                {formatNumber(bar.count)} · {bar.percent} %
              </text>
            </g>
          );
        })}
      </svg>
      <ChartFigures bars={bars} />
    </>
  );
}

/** Vertical columns (scores 0–10, stars 1–n), the count above each, the score under it. */
function Columns({ bars }: { bars: ChartBar[] }) {
  const { formatNumber } = useT();
  const height = 150;
  const base = height - 24;
  const top = 20;
  const step = chartWidth / bars.length;
  const width = Math.min(36, step - 8);
  return (
    <>
      <svg className="survey-chart" viewBox={`0 0 ${chartWidth} ${height}`} aria-hidden="true">
        <line x1={0} x2={chartWidth} y1={base} y2={base} className="chart-axis" />
        {bars.map((bar, index) => {
          const x = index * step + (step - width) / 2;
          const barHeight = Math.max(bar.count > 0 ? 4 : 0, (base - top) * bar.scale);
          return (
            <g key={bar.label}>
              <rect
                x={x}
                y={base - barHeight}
                width={width}
                height={barHeight}
                rx={4}
                className={`chart-fill ${bar.group ? `chart-${bar.group}` : ""}`}
              />
              {bar.count > 0 && (
                <text x={x + width / 2} y={base - barHeight - 6} textAnchor="middle" className="chart-value">
                  {formatNumber(bar.count)}
                </text>
              )}
              <text x={x + width / 2} y={height - 6} textAnchor="middle" className="chart-label">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartFigures bars={bars} />
    </>
  );
}

function NpsSummary({ result }: { result: SurveyQuestionResult }) {
  const { t, formatNumber } = useT();
  const shares = npsShares(result);
  const score = result.nps?.score ?? null;
  const groups = [
    { key: "detractor", label: t("content.survey.detractors"), count: result.nps?.detractors ?? 0 },
    { key: "passive", label: t("content.survey.passives"), count: result.nps?.passives ?? 0 },
    { key: "promoter", label: t("content.survey.promoters"), count: result.nps?.promoters ?? 0 },
  ] as const;
  return (
    <div className="nps-summary">
      <div className="nps-score" data-testid="nps-score">
        <span className="stat-label">{t("content.survey.npsScore")}</span>
        <span className="stat-value">{score === null ? "–" : formatNumber(score)}</span>
        {score === null && <span className="subtle">{t("content.survey.npsNone")}</span>}
      </div>
      <div className="nps-groups">
        <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="nps-stack" aria-hidden="true">
          <rect x={0} width={shares.detractor} height={8} className="chart-detractor" />
          <rect x={shares.detractor} width={shares.passive} height={8} className="chart-passive" />
          <rect
            x={shares.detractor + shares.passive}
            width={shares.promoter}
            height={8}
            className="chart-promoter"
          />
        </svg>
        <ul className="nps-legend">
          {groups.map((group) => (
            <li key={group.key}>
              <span className={`legend-dot chart-${group.key}`} aria-hidden="true" />
              {group.label}: {formatNumber(group.count)} ({shares[group.key]} %)
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** One question's results: the chart its type calls for, or the latest text answers. */
export function QuestionResult({ result, index }: { result: SurveyQuestionResult; index: number }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const id = `question-result-${index}`;
  return (
    <section className="detail-card survey-result" data-testid="question-result" aria-labelledby={id}>
      <header className="survey-result-head">
        <h2 id={id}>{result.title}</h2>
        <span className="subtle">{t("content.survey.answered", { count: result.answered })}</span>
      </header>
      {result.answered === 0 ? (
        <p className="subtle">{t("content.survey.noAnswers")}</p>
      ) : result.type === "nps" ? (
        <>
          <NpsSummary result={result} />
          <Columns bars={npsBars(result)} />
        </>
      ) : result.type === "rating" ? (
        <>
          <p className="rating-average">
            {t("content.survey.average", {
              value: formatNumber(result.rating?.average ?? 0),
              scale: result.rating?.scale ?? 5,
            })}
          </p>
          <Columns bars={ratingBars(result)} />
        </>
      ) : result.type === "text" ? (
        <>
          <h3 className="subtle">{t("content.survey.texts")}</h3>
          <ul className="survey-texts">
            {(result.texts ?? []).slice(0, 50).map((answer, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat; their order is fixed (newest first).
              <li key={at}>
                <p className="pre-wrap">{answer.text}</p>
                <span className="subtle" title={format.dateTime(answer.createdAt)}>
                  {format.ago(answer.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <HorizontalBars bars={optionBars(result)} />
      )}
    </section>
  );
}
