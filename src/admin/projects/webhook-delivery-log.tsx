import { useEffect, useRef } from "react";
import type { WebhookDelivery } from "../../shared/webhooks-api.ts";
import { useResource } from "../api/use-resource.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { type Translator, useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { listTexts } from "../shell/list/list-page.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";
import { webhooksApi } from "./webhooks-api.ts";

/** How often, and how many times in a row, the log looks again while a try is under way or due soon. */
const followMs = 1000;
const followTimes = 30;
/** A retry due this soon is worth waiting for on screen; later ones show at the next refresh. */
const soonMs = 10_000;

const waitingSoon = (delivery: WebhookDelivery, now: number) =>
  delivery.state === "pending" &&
  (delivery.attempts === 0 ||
    (delivery.nextAttemptAt !== null && Date.parse(delivery.nextAttemptAt) - now < soonMs));

const stateBadge: Record<WebhookDelivery["state"], string> = {
  delivered: "badge badge-success",
  pending: "badge",
  failed: "badge badge-danger",
};

/** The outcome: the state's badge, with the receiver's HTTP status or the fact that none answered. */
function DeliveryResult({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useT();
  return (
    <span className="webhook-result">
      <span className={stateBadge[delivery.state]}>{t(`webhooks.log.state.${delivery.state}`)}</span>
      <span data-testid="webhook-delivery-status">
        {delivery.lastStatus !== null
          ? `HTTP ${delivery.lastStatus}`
          : delivery.lastAttemptAt
            ? t("webhooks.log.noAnswer")
            : ""}
      </span>
    </span>
  );
}

const deliveryRow = (delivery: WebhookDelivery) => ({
  "data-testid": "webhook-delivery",
  "data-state": delivery.state,
});

const deliveryColumns = ({ t, formatNumber }: Translator): ListColumn<WebhookDelivery>[] => [
  {
    label: "webhooks.log.column.event",
    primary: true,
    className: "primary-cell",
    cell: (delivery) => <code className="inline-code">{delivery.event}</code>,
  },
  { label: "webhooks.log.column.result", cell: (delivery) => <DeliveryResult delivery={delivery} /> },
  {
    label: "webhooks.log.column.attempts",
    numeric: true,
    cell: (delivery) => formatNumber(delivery.attempts),
  },
  {
    label: "webhooks.log.column.duration",
    numeric: true,
    cell: (delivery) =>
      delivery.lastDurationMs === null
        ? t("webhooks.log.none")
        : t("webhooks.log.duration", { ms: formatNumber(delivery.lastDurationMs) }),
  },
  {
    label: "webhooks.log.column.lastTry",
    cell: (delivery) =>
      delivery.lastAttemptAt ? <TimeAgo value={delivery.lastAttemptAt} /> : t("webhooks.log.notYet"),
  },
  {
    label: "webhooks.log.column.nextTry",
    cell: (delivery) =>
      delivery.nextAttemptAt ? <DueAt value={delivery.nextAttemptAt} /> : t("webhooks.log.none"),
  },
  {
    label: "webhooks.log.column.response",
    className: "webhook-response-cell",
    cell: (delivery) => <AnswerText delivery={delivery} />,
  },
];

/**
 * A webhook's deliveries, read again and followed as {@link WebhookDeliveryLog} says; `again` is the
 * refresh button's: it reads now and follows anew.
 */
function useDeliveries(projectId: string, webhookId: string, version: number) {
  const { resource, reload, refresh } = useResource(
    () => webhooksApi.deliveries(projectId, webhookId),
    `${projectId}/${webhookId}`,
  );
  const follows = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `version` is what asks again.
  useEffect(() => {
    if (version === 0) return;
    follows.current = 0;
    refresh();
  }, [version]);

  useEffect(() => {
    if (resource.state !== "ready") return;
    const now = Date.now();
    if (!resource.data.items.some((delivery) => waitingSoon(delivery, now))) return;
    if (follows.current >= followTimes) return;
    const timer = setTimeout(() => {
      follows.current++;
      refresh();
    }, followMs);
    return () => clearTimeout(timer);
  }, [resource, refresh]);

  const again = () => {
    follows.current = 0;
    refresh();
  };
  return { resource, reload, again };
}

/**
 * The webhook's last deliveries, newest first: the event, the outcome with the receiver's status, the
 * attempts, how long the last try took, when it was and when the next one is due, and the start of the
 * receiver's answer as the server keeps it (at most 200 printable characters), or why it was not sent
 * (a refused address, a failed connection). `version` changes when the admin sent a test: the log reads again and follows the
 * tries under way each second (for at most 30 s), so the answer appears without a reload.
 */
export function WebhookDeliveryLog({
  projectId,
  webhookId,
  version,
}: {
  projectId: string;
  webhookId: string;
  version: number;
}) {
  const tr = useT();
  const { t } = tr;
  const { resource, reload, again } = useDeliveries(projectId, webhookId, version);
  const headingId = `webhook-log-${webhookId}`;
  return (
    <section className="webhook-log" aria-labelledby={headingId}>
      <div className="webhook-log-head">
        <h4 id={headingId} className="webhook-log-title">
          {t("webhooks.log.title")}
        </h4>
        <Button variant="tertiary" size="sm" onClick={again}>
          {t("webhooks.log.refresh")}
        </Button>
      </div>
      <p className="subtle webhook-log-note">{t("webhooks.log.answerNote")}</p>
      <ListStatus resource={resource} onRetry={reload} texts={listTexts("webhooks.log")}>
        {(data) => (
          <RecordTable
            rows={data.items}
            columns={deliveryColumns(tr)}
            rowProps={deliveryRow}
            className="webhook-log-table"
          />
        )}
      </ListStatus>
    </section>
  );
}

/** Why the last try got no answer, or the start of the answer it got (the server keeps 200 characters). */
function AnswerText({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useT();
  const text = delivery.lastError ?? delivery.lastResponse;
  if (!text) return <>{t("webhooks.log.none")}</>;
  return (
    <code className="webhook-response" title={text}>
      {text}
    </code>
  );
}

/** A moment that may lie ahead: its time of day (and date when not today), exact on hover. */
function DueAt({ value }: { value: string }) {
  const { locale } = useT();
  const date = new Date(value);
  const today = new Date().toDateString() === date.toDateString();
  const text = date.toLocaleString(locale, {
    ...(today ? {} : { day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return (
    <time dateTime={value} title={date.toLocaleString(locale)}>
      {text}
    </time>
  );
}
