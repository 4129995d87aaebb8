import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useParams } from "wouter";
import { refreshAlertCounts } from "../alerts/use-alert-feed.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { StaffNotes } from "../notes/staff-notes.tsx";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import { InlineCheckbox } from "../shell/inline-checkbox.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import splitRowCss from "../shell/layout/split-row.css" with { type: "text" };
import { runAction } from "../shell/overlay/run-action.ts";
import { VisitorPanel } from "../visitors/visitor-panel.tsx";
import { useCaptureRealm } from "./capture-frame.ts";
import { ExternalContentBar } from "./external-content-bar.tsx";
import inboxCss from "./inbox.css" with { type: "text" };
import { inboxApi } from "./inbox-api.ts";
import { PriorityBadge, StatusBadge, TypeText } from "./inbox-badges.tsx";
import { inboxListHref } from "./inbox-paths.ts";
import { type LogFilter, noLogFilter } from "./log-filter.ts";
import { LogFilterBar } from "./log-filter-bar.tsx";
import { useOwnOrigins } from "./own-origins.ts";
import { RecordingPlayer } from "./recording-player.tsx";
import { type ReplayClock, ReplayPlayer, type ReplaySeeker } from "./replay-player.tsx";
import { ReportConversation } from "./report-conversation.tsx";
import type { ReportChangeProps, ReportDetailView } from "./report-detail-view.ts";
import { ConsoleLog, EventLog, NetworkLog } from "./report-logs.tsx";
import { ReportPager } from "./report-pager.tsx";
import { type ReportResources, reportResources } from "./report-resources.ts";
import { ReportTriage } from "./report-triage.tsx";
import { SnapshotViewer } from "./snapshot-viewer.tsx";
import { useFieldLabels } from "./use-field-labels.ts";
import { withoutWidgetNoise } from "./widget-noise.ts";

adoptStyles(splitRowCss);
adoptStyles(smallControlCss);
adoptStyles(inboxCss);

type Capture = "snapshot" | "picture" | "replay" | "recording";
type Log = "console" | "network" | "events";

/** Tabs as buttons of one group (`aria-pressed`): each shows one panel below. */
function Switcher<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: MessageId;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  const { t } = useT();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
    <div className="switcher" role="group" aria-label={t(label)}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="switcher-button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function Pairs({
  title,
  pairs,
  testId,
}: {
  title: MessageId;
  pairs: Array<[string, string]>;
  testId?: string;
}) {
  const { t } = useT();
  return (
    <section className="detail-card" data-testid={testId}>
      <h2>{t(title)}</h2>
      {pairs.length === 0 ? (
        <p className="subtle">{t("inbox.none")}</p>
      ) : (
        <dl className="field-list">
          {pairs.map(([key, value]) => (
            <div key={key} className="field-row">
              <dt>{key}</dt>
              <dd className="inbox-value">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * A report's captures with the addresses its visitor chose held back until the admin loads them for
 * this report (external-resources.ts); null while our own origins are being read.
 */
function useReportResources(report: ReportDetailView) {
  const own = useOwnOrigins();
  const realm = useCaptureRealm();
  // Per report: opening another one starts blocked again.
  const [allowedFor, setAllowedFor] = useState<string | null>(null);
  const allowExternal = allowedFor === report.id;
  const { snapshot, replay, recordingUrl, page } = report;
  const resources = useMemo(
    () =>
      // A snapshot waits for the window it is cleaned in (capture-frame.ts); nothing else needs it.
      own && (realm || !snapshot)
        ? reportResources(
            { snapshot, replay, recordingUrl, page },
            { own, allowExternal, adminUrl: location.href, realm: realm ?? undefined },
          )
        : null,
    [own, realm, allowExternal, snapshot, replay, recordingUrl, page],
  );
  return { resources, allowExternal, allow: () => setAllowedFor(report.id) };
}

/** What the visitor captured: the snapshot (with drawings), the picture, the replay, the recording. */
function CaptureCard({
  report,
  onClock,
  seeker,
}: {
  report: ReportDetailView;
  onClock: (clock: ReplayClock | null) => void;
  seeker: React.RefObject<ReplaySeeker | null>;
}) {
  const { t } = useT();
  const { resources, allowExternal, allow } = useReportResources(report);
  const options: Array<{ value: Capture; label: string }> = [];
  if (report.snapshot) options.push({ value: "snapshot", label: t("inbox.capture.snapshot") });
  if (report.snapshot?.image) options.push({ value: "picture", label: t("inbox.capture.picture") });
  if (report.replay) options.push({ value: "replay", label: t("inbox.capture.replay") });
  if (report.recordingUrl) options.push({ value: "recording", label: t("inbox.capture.recording") });
  const [chosen, setChosen] = useState<Capture | null>(null);
  const shown = chosen ?? options[0]?.value ?? null;
  if (!shown) return null;
  return (
    <section className="detail-card inbox-capture" aria-labelledby="capture-title">
      <div className="inbox-card-head">
        <h2 id="capture-title">{t("inbox.section.capture")}</h2>
        {options.length > 1 && (
          <Switcher
            label="inbox.section.capture"
            value={shown}
            options={options}
            onChange={(value) => {
              setChosen(value);
              if (value !== "replay") onClock(null);
            }}
          />
        )}
      </div>
      {resources ? (
        <>
          <ExternalContentBar
            count={resources.external}
            allowed={allowExternal}
            onAllow={allow}
            texts={{
              blocked: t("inbox.external.blocked", { count: resources.external }),
              load: t("inbox.external.load"),
              loaded: t("inbox.external.loaded", { count: resources.external }),
            }}
          />
          <CaptureView
            report={report}
            shown={shown}
            resources={resources}
            onClock={onClock}
            seeker={seeker}
          />
        </>
      ) : (
        <p className="subtle" role="status">
          {t("inbox.capture.loading")}
        </p>
      )}
    </section>
  );
}

function CaptureView({
  report,
  shown,
  resources,
  onClock,
  seeker,
}: {
  report: ReportDetailView;
  shown: Capture;
  resources: ReportResources;
  onClock: (clock: ReplayClock | null) => void;
  seeker: React.RefObject<ReplaySeeker | null>;
}) {
  const { t } = useT();
  if (shown === "snapshot" && report.snapshot && resources.snapshotDocument !== null)
    return (
      <SnapshotViewer
        snapshot={report.snapshot}
        document={resources.snapshotDocument}
        frameUrl={resources.frameUrl}
      />
    );
  if (shown === "picture" && report.snapshot?.image)
    return <img className="inbox-picture" src={report.snapshot.image} alt={t("inbox.capture.pictureAlt")} />;
  if (shown === "replay" && report.replay && resources.replayEvents)
    return (
      <ReplayPlayer
        replay={report.replay}
        report={report}
        events={resources.replayEvents}
        framePolicy={resources.framePolicy}
        frameUrl={resources.frameUrl}
        onClock={onClock}
        seeker={seeker}
      />
    );
  if (shown === "recording" && resources.recordingUrl)
    return <RecordingPlayer url={resources.recordingUrl} />;
  if (shown === "recording" && resources.recordingBlocked)
    return (
      <p className="state-panel" data-testid="recording-blocked">
        {t("inbox.recording.external")}
      </p>
    );
  return null;
}

function LogsCard({
  report,
  clock,
  onSeek,
}: {
  report: ReportDetailView;
  clock: ReplayClock | null;
  onSeek: (offset: number) => void;
}) {
  const { t } = useT();
  const [log, setLog] = useState<Log>("console");
  const [filter, setFilter] = useState<LogFilter>(noLogFilter);
  // The widget's own lines and requests: kept in the report, shown on request.
  const own = useOwnOrigins();
  const [showWidget, setShowWidget] = useState(false);
  const quiet = useMemo(() => withoutWidgetNoise(report, own ?? [location.origin]), [report, own]);
  const consoleShown = showWidget ? report.consoleLog : quiet.console;
  const networkShown = showWidget ? report.networkLogs : quiet.network;
  return (
    <section className="detail-card inbox-logs" aria-labelledby="logs-title">
      <div className="inbox-card-head">
        <h2 id="logs-title">{t("inbox.section.logs")}</h2>
        <Switcher
          label="inbox.section.logs"
          value={log}
          options={[
            { value: "console", label: t("inbox.log.console", { count: consoleShown.length }) },
            { value: "network", label: t("inbox.log.network", { count: networkShown.length }) },
            { value: "events", label: t("inbox.log.events", { count: report.events.length }) },
          ]}
          onChange={setLog}
        />
      </div>
      {clock && <p className="subtle inbox-sync-note">{t("inbox.log.inStep")}</p>}
      {quiet.hidden > 0 && (
        <InlineCheckbox
          className="inbox-widget-noise"
          name="showWidgetEntries"
          label={t("inbox.log.showWidget", { count: quiet.hidden })}
          checked={showWidget}
          onChange={setShowWidget}
        />
      )}
      {log !== "events" && <LogFilterBar filter={filter} onChange={setFilter} />}
      {log === "console" && (
        <ConsoleLog entries={consoleShown} clock={clock} onSeek={onSeek} filter={filter} />
      )}
      {log === "network" && (
        <NetworkLog entries={networkShown} clock={clock} onSeek={onSeek} filter={filter} />
      )}
      {log === "events" && <EventLog entries={report.events} />}
    </section>
  );
}

function ReporterCard({ report }: { report: ReportDetailView }) {
  const { t } = useT();
  const format = useFormatters();
  const labels = useFieldLabels();
  const rows: Array<[string, string]> = [
    [t("inbox.field.email"), report.reporter.email ?? ""],
    [t("inbox.field.name"), report.reporter.name ?? ""],
    [t("inbox.field.userId"), report.reporter.userId ?? ""],
    [t("inbox.column.page"), report.page ?? ""],
    [t("inbox.field.received"), `${format.dateTime(report.createdAt)} (${format.ago(report.createdAt)})`],
    ...labels(report.session),
  ];
  return (
    <Pairs
      title="inbox.section.reporter"
      pairs={rows.filter(([, value]) => value !== "")}
      testId="reporter-card"
    />
  );
}

/** The report's kicker (short id, type, status, priority) and title, its pager and "mark as unread". */
function ReportHeader({ report, onChanged }: ReportChangeProps) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const title = report.formData.find(([key]) => key === "description")?.[1] || t("inbox.untitled");
  const markUnread = async () => {
    const outcome = await runAction(() => inboxApi.markUnread(report.id), "inbox.report.markedUnread");
    if (outcome.ok) navigate(inboxListHref());
  };

  return (
    <header className="page-header page-header-actions">
      <div>
        <p className="subtle inbox-report-kicker">
          {report.shortId} · <TypeText type={report.type} /> · <StatusBadge status={report.status} />{" "}
          <PriorityBadge priority={report.priority} />
        </p>
        <PageHeading id="inbox-report-title" className="inbox-report-title">
          {title}
        </PageHeading>
      </div>
      <div className="page-actions">
        <ReportPager report={report} onChanged={onChanged} />
        <Button variant="secondary" size="sm" onClick={() => void markUnread()}>
          {t("inbox.report.markUnread")}
        </Button>
      </div>
    </header>
  );
}

/**
 * The report, loaded (which reads it: the alert counts follow) and kept up to date when another admin
 * changes its triage (status, priority, tags, assignee): the controls show it at once.
 */
function useLiveReport(id: string) {
  const { resource, reload, replace } = useResource(() => inboxApi.get(id), id);
  const loaded = resource.state === "ready";
  useEffect(() => {
    if (loaded) refreshAlertCounts();
  }, [loaded]);
  useStaffPush((push) => {
    if (push.name !== "report-updated" || push.data.id !== id || resource.state !== "ready") return;
    const { status, priority, tags, assignee } = push.data;
    replace({ ...resource.data, status, priority, tags, assignee });
  });
  return { resource, reload, replace };
}

/**
 * `/dashboard/inbox/:id`: one report. Its capture (snapshot with drawings, picture, web replay,
 * recording), the triage controls and the reply, who sent it from where, the form, the metadata and
 * the logs, which follow the replay while it plays. Opening it marks it read for this admin.
 */
export default function InboxDetailPage() {
  const { t } = useT();
  const { id = "" } = useParams<{ id: string }>();
  const { resource, reload, replace } = useLiveReport(id);
  const [clock, setClock] = useState<ReplayClock | null>(null);
  const seeker = useRef<ReplaySeeker | null>(null);
  const labels = useFieldLabels();
  useDocumentTitle(t("inbox.report.title"), resource.state === "ready" ? resource.data.shortId : null);

  if (resource.state !== "ready") {
    return (
      <DetailStatus
        resource={resource}
        texts={detailTexts("inbox.report")}
        back={<BackLink href={inboxListHref()} />}
        onRetry={reload}
      />
    );
  }

  const report = resource.data;
  return (
    <section aria-labelledby="inbox-report-title" className="inbox inbox-detail">
      <BackLink href={inboxListHref()} />
      <ReportHeader report={report} onChanged={replace} />
      {/* Side by side from 1200 px, stacked below. */}
      <div className="inbox-capture-pair">
        <CaptureCard report={report} onClock={setClock} seeker={seeker} />
        <LogsCard report={report} clock={clock} onSeek={(offset) => seeker.current?.seek(offset)} />
      </div>
      <div className="inbox-detail-grid">
        <div className="inbox-detail-main">
          <Pairs title="inbox.section.form" pairs={labels(report.formData)} testId="form-card" />
        </div>
        <div className="inbox-detail-side">
          <ReportTriage report={report} onChanged={replace} />
          <StaffNotes
            target={{ kind: "report", id: report.id, projectId: report.projectId }}
            variant="card"
          />
          <ReportConversation
            report={report}
            onOpened={(conversation) => replace({ ...report, conversation })}
          />
          <ReporterCard report={report} />
          {report.sessionId && (
            <VisitorPanel
              sessionId={report.sessionId}
              current={{ kind: "report", id: report.id }}
              reloadKey={report.conversation?.id}
            />
          )}
          <Pairs title="inbox.section.meta" pairs={labels(report.metaData)} />
          {labels(report.customData).length > 0 && (
            <Pairs title="inbox.section.customData" pairs={labels(report.customData)} />
          )}
        </div>
      </div>
    </section>
  );
}
