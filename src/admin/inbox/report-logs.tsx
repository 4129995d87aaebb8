import { useEffect, useMemo, useRef, useState } from "react";
import { useFormatters } from "../format/use-formatters.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import {
  consoleEntryShown,
  isFiltering,
  type LogFilter,
  networkEntryShown,
  noLogFilter,
} from "./log-filter.ts";
import type { ReplayClock } from "./replay-player.tsx";
import { clockText, reachedEntry, replayOffset, timeOfDay } from "./replay-timeline.ts";
import {
  type ConsoleEntry,
  type ConsoleLevel,
  consoleLevels,
  type EventEntry,
  type NetworkEntry,
} from "./report-detail-view.ts";

/** Entries of a log with their place on the replay's timeline, and the one the replay has reached. */
function useTimeline<T extends { time: number | null }>(entries: readonly T[], clock: ReplayClock | null) {
  const offsets = useMemo(
    () => entries.map((entry) => (clock ? replayOffset(entry.time, clock.start, clock.duration) : null)),
    // Only where the replay starts and how long it is move the offsets, not its position.
    [entries, clock?.start, clock?.duration, clock],
  );
  const reached = clock ? reachedEntry(offsets, clock.current) : -1;
  return { offsets, reached };
}

/** Keeps the reached entry in view inside its scrolling list while the replay plays. */
function useFollow(reached: number) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (reached < 0) return;
    const item = list.current?.querySelector<HTMLElement>(`[data-index="${reached}"]`);
    const box = list.current;
    if (!item || !box) return;
    // Scrolls the list only, never the page the admin is reading.
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - item.offsetHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }, [reached]);
  return list;
}

function TimeButton({
  offset,
  date,
  onSeek,
}: {
  offset: number | null;
  date: string | null;
  onSeek: (offset: number) => void;
}) {
  const { t } = useT();
  if (offset !== null)
    return (
      <button
        type="button"
        className="log-time log-seek"
        title={t("inbox.log.seek")}
        onClick={() => onSeek(offset)}
      >
        {clockText(offset)}
      </button>
    );
  return <span className="log-time">{date ? timeOfDay(date) : ""}</span>;
}

const levelLabel: Record<ConsoleLevel, MessageId> = {
  INFO: "inbox.log.level.INFO",
  WARNING: "inbox.log.level.WARNING",
  ERROR: "inbox.log.level.ERROR",
  CLICK: "inbox.log.level.CLICK",
};

function stepClass(index: number, reached: number, offset: number | null, clock: ReplayClock | null) {
  if (!clock || offset === null) return "";
  if (index === reached) return "log-reached";
  return offset > clock.current ? "log-ahead" : "";
}

/** Said when the search or "failed only" leaves nothing of a log that has entries. */
function NoMatch() {
  const { t } = useT();
  return (
    <p className="subtle log-no-match" data-testid="log-no-match">
      {t("inbox.log.noMatch")}
    </p>
  );
}

/** What the console and the network log take: their entries, the replay's clock, and where a time seeks. */
interface TimedLogProps<E> {
  entries: readonly E[];
  clock: ReplayClock | null;
  onSeek: (offset: number) => void;
  /** The logs' search and "failed only" (log-filter.ts). */
  filter?: LogFilter;
}

/** The console log with a level filter; in step with the replay when one plays. */
export function ConsoleLog({ entries, clock, onSeek, filter = noLogFilter }: TimedLogProps<ConsoleEntry>) {
  const { t } = useT();
  const [level, setLevel] = useState<ConsoleLevel | "">("");
  const { offsets, reached } = useTimeline(entries, clock);
  const list = useFollow(reached);
  const counts = useMemo(() => {
    const counted: Record<string, number> = {};
    for (const entry of entries) counted[entry.level] = (counted[entry.level] ?? 0) + 1;
    return counted;
  }, [entries]);
  if (entries.length === 0) return <p className="subtle">{t("inbox.log.consoleEmpty")}</p>;
  const shown = (entry: ConsoleEntry) =>
    (!level || entry.level === level) && consoleEntryShown(entry, filter);
  return (
    <div className="log-panel">
      <fieldset className="log-levels">
        <legend className="visually-hidden">{t("inbox.log.levelFilter")}</legend>
        {(["", ...consoleLevels] as const).map((value) => (
          <label key={value || "all"} className="log-level-choice">
            <input
              type="radio"
              name="console-level"
              value={value}
              checked={level === value}
              onChange={() => setLevel(value)}
            />
            <span>
              {value ? t(levelLabel[value]) : t("inbox.log.level.all")} (
              {value ? (counts[value] ?? 0) : entries.length})
            </span>
          </label>
        ))}
      </fieldset>
      {isFiltering(filter) && !entries.some(shown) && <NoMatch />}
      <ol ref={list} className="log-list" data-testid="console-log">
        {entries.map((entry, index) =>
          !shown(entry) ? null : (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: log entries have no id; the log never reorders.
              key={index}
              data-index={index}
              data-level={entry.level}
              aria-current={index === reached ? "step" : undefined}
              className={`log-entry log-${entry.level.toLowerCase()} ${stepClass(index, reached, offsets[index] ?? null, clock)}`}
            >
              <TimeButton offset={offsets[index] ?? null} date={entry.date} onSeek={onSeek} />
              <span className="log-level">{t(levelLabel[entry.level])}</span>
              <pre className="log-text">{entry.text}</pre>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

function statusText(entry: NetworkEntry, t: (id: MessageId) => string) {
  if (entry.resource) return entry.initiatorType ?? t("inbox.log.resource");
  if (entry.failed) return t("inbox.log.failed");
  if (entry.status === null) return t("inbox.log.pending");
  return `${entry.status}${entry.statusText ? ` ${entry.statusText}` : ""}`;
}

/** The network log: method, URL, status and duration; a request opens to its headers, body and answer. */
export function NetworkLog({ entries, clock, onSeek, filter = noLogFilter }: TimedLogProps<NetworkEntry>) {
  const { t, formatNumber } = useT();
  const { offsets, reached } = useTimeline(entries, clock);
  const list = useFollow(reached);
  if (entries.length === 0) return <p className="subtle">{t("inbox.log.networkEmpty")}</p>;
  const noneShown = isFiltering(filter) && !entries.some((entry) => networkEntryShown(entry, filter));
  return (
    <div className="log-panel">
      {noneShown && <NoMatch />}
      <ol ref={list} className="log-list" data-testid="network-log">
        {entries.map((entry, index) => {
          if (!networkEntryShown(entry, filter)) return null;
          const bad = entry.failed || (entry.status !== null && entry.status >= 400);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: log entries have no id; the log never reorders.
              key={index}
              data-index={index}
              aria-current={index === reached ? "step" : undefined}
              className={`log-entry ${bad ? "log-error" : ""} ${stepClass(index, reached, offsets[index] ?? null, clock)}`}
            >
              <TimeButton offset={offsets[index] ?? null} date={entry.date} onSeek={onSeek} />
              <details className="network-entry">
                <summary>
                  <span className="network-method">{entry.method}</span>
                  <span className="network-url" title={entry.url}>
                    {entry.url}
                  </span>
                  <span className={bad ? "network-status network-bad" : "network-status"}>
                    {statusText(entry, t)}
                  </span>
                  {entry.duration !== null && (
                    <span className="network-duration">
                      {t("inbox.log.ms", { ms: formatNumber(Math.round(entry.duration)) })}
                    </span>
                  )}
                </summary>
                {!entry.resource && (
                  <div className="network-body">
                    <h3>{t("inbox.log.request")}</h3>
                    {entry.requestHeaders.length > 0 && (
                      <dl className="network-headers">
                        {entry.requestHeaders.map(([name, value]) => (
                          <div key={name}>
                            <dt>{name}</dt>
                            <dd>{value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    <pre className="code-block">{entry.requestPayload || t("inbox.log.noBody")}</pre>
                    <h3>{t("inbox.log.response")}</h3>
                    <pre className="code-block">{entry.responseText || t("inbox.log.noBody")}</pre>
                  </div>
                )}
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The custom events the host tracked (`Gleap.trackEvent`), with their data. */
export function EventLog({ entries }: { entries: readonly EventEntry[] }) {
  const { t } = useT();
  const format = useFormatters();
  if (entries.length === 0) return <p className="subtle">{t("inbox.log.eventsEmpty")}</p>;
  return (
    <ol className="log-list" data-testid="event-log">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: log entries have no id; the log never reorders.
        <li key={index} className="log-entry">
          <span className="log-time">{entry.date ? format.dateTime(entry.date) : ""}</span>
          <div className="event-body">
            <strong>{entry.name}</strong>
            {entry.data && <pre className="code-block">{entry.data}</pre>}
          </div>
        </li>
      ))}
    </ol>
  );
}
