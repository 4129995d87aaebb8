import { useEffect, useRef, useState } from "react";
import type { FeatureRequest, FeatureRequestStatus } from "../../shared/feature-requests-api.ts";
import { ContentIcon } from "../conversations/content-icons.tsx";
import {
  FieldErrorText,
  formatNumber,
  Icon,
  ListQuery,
  ListSkeleton,
  path,
  relativeTime,
  type ScreenProps,
  useApiQuery,
  useLocale,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { FeatureRequestForm } from "./feature-request-form.tsx";
import { listPath, replaced, type Sort, sorts, toggled, withNew } from "./feature-request-model.ts";
import { featureRequestTexts } from "./feature-request-texts.ts";
import "./feature-requests.css";

export function StatusChip({ status }: { status: FeatureRequestStatus }) {
  const t = useTexts(featureRequestTexts);
  return (
    <span className={`chip status-chip status-chip--${status}`} data-testid="request-status">
      {t(`requests.status.${status}`)}
    </span>
  );
}

/** A description longer than this is shown clamped, with "Show more". */
const longDescription = 140;

function RequestRow({
  request,
  busy,
  failed,
  fresh,
  onVote,
}: {
  request: FeatureRequest;
  busy: boolean;
  failed: boolean;
  fresh: boolean;
  onVote(): void;
}) {
  const t = useTexts(featureRequestTexts);
  const { lang } = useLocale();
  const [open, setOpen] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (fresh) row.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [fresh]);
  const descriptionId = `request-${request.id}-description`;
  const long = request.description.length > longDescription;
  return (
    <li
      ref={row}
      className={fresh ? "request-row is-fresh" : "request-row"}
      data-testid="request-row"
      data-request-id={request.id}
    >
      <button
        type="button"
        className={request.voted ? "vote-button is-voted" : "vote-button"}
        aria-pressed={request.voted}
        aria-label={t("requests.vote", { title: request.title, count: request.votes })}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onVote();
        }}
        data-testid="vote-button"
      >
        <Icon name="vote" size={18} />
        <span className="vote-count" data-testid="vote-count">
          {formatNumber(lang, request.votes)}
        </span>
      </button>
      <div className="request-text">
        <h3 className="request-title" dir="auto">
          {request.title}
        </h3>
        {request.description && (
          <p
            className={open || !long ? "request-description" : "request-description is-clamped"}
            id={descriptionId}
            dir="auto"
          >
            {request.description}
          </p>
        )}
        <div className="request-meta">
          <StatusChip status={request.status} />
          {request.pending && (
            <span className="chip" data-testid="request-pending">
              {t("requests.pendingChip")}
            </span>
          )}
          {fresh && <span className="chip chip--brand">{t("requests.yours")}</span>}
          <time className="time" dateTime={request.createdAt}>
            {relativeTime(lang, request.createdAt)}
          </time>
          {long && (
            <button
              type="button"
              className="link-button request-more"
              aria-expanded={open}
              aria-controls={descriptionId}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? t("requests.less") : t("requests.more")}
            </button>
          )}
        </div>
        {failed && (
          <FieldErrorText role="alert" testId="vote-failed">
            {t("requests.voteFailed")}
          </FieldErrorText>
        )}
      </div>
    </li>
  );
}

/**
 * Feature requests (`GET /feature-requests?sort=top|new`, the host's `open-feature-requests`): the
 * board by votes or by date, each with its status; voting toggles at once (optimistic) and goes back
 * if the server refuses; a visitor's own idea goes on the board with their vote (or, where the project
 * approves requests first, is shown to them alone as awaiting approval).
 */
export default function FeatureRequestsScreen(_: ScreenProps<"feature-requests">) {
  const t = useTexts(featureRequestTexts);
  const { api, queries } = useShell();
  const [sort, setSort] = useState<Sort>("top");
  const [writing, setWriting] = useState(false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<string | null>(null);
  const [fresh, setFresh] = useState<FeatureRequest | null>(null);
  const suggest = useRef<HTMLButtonElement>(null);
  const requests = useApiQuery<FeatureRequest[]>(listPath(sort));

  /** Every cached order of the board gets the same change. */
  const updateLists = (change: (list: FeatureRequest[], sort: Sort) => FeatureRequest[]) => {
    for (const each of sorts) {
      const state = queries.read<FeatureRequest[]>(listPath(each));
      if (state.status === "ready") queries.set(listPath(each), change(state.data, each));
    }
  };

  const vote = async (request: FeatureRequest) => {
    setBusy((old) => new Set(old).add(request.id));
    setFailed(null);
    updateLists((list) => replaced(list, toggled(request)));
    try {
      const answer = await api.post<FeatureRequest>(path`/feature-requests/${request.id}/vote`);
      updateLists((list) => replaced(list, answer));
    } catch {
      updateLists((list) => replaced(list, request));
      setFailed(request.id);
    } finally {
      setBusy((old) => {
        const next = new Set(old);
        next.delete(request.id);
        return next;
      });
    }
  };

  const created = (request: FeatureRequest) => {
    updateLists((list, each) => withNew(list, request, each));
    setWriting(false);
    setFresh(request);
    setSort("new");
    queries.invalidate("/messenger/home");
  };

  return (
    <div className="screen-content feature-requests">
      <div className="requests-intro">
        <p className="requests-lead">{t("requests.intro")}</p>
        <div className="requests-toolbar">
          <fieldset className="segmented" aria-label={t("requests.sort")}>
            {sorts.map((each) => (
              <button
                key={each}
                type="button"
                className="segment"
                aria-pressed={sort === each}
                data-sort={each}
                onClick={() => setSort(each)}
              >
                {t(each === "top" ? "requests.top" : "requests.new")}
              </button>
            ))}
          </fieldset>
          {!writing && (
            <button
              ref={suggest}
              type="button"
              className="button button--primary request-suggest"
              onClick={() => {
                setWriting(true);
                setFresh(null);
              }}
              data-testid="request-suggest"
            >
              <ContentIcon name="plus" size={18} />
              {t("requests.suggest")}
            </button>
          )}
        </div>
      </div>
      {writing && (
        <FeatureRequestForm
          onCreated={created}
          onCancel={() => {
            setWriting(false);
            requestAnimationFrame(() => suggest.current?.focus());
          }}
        />
      )}
      {fresh && (
        <p className="note request-thanks" role="status" data-testid="request-thanks">
          <Icon name="check" size={16} />
          {t(fresh.pending ? "requests.pending" : "requests.thanks")}
        </p>
      )}
      <ListQuery
        query={requests}
        skeleton={<ListSkeleton rows={5} />}
        empty={{ icon: "idea", title: t("requests.empty"), hint: t("requests.emptyHint") }}
      >
        {(list) => (
          <ul className="card request-list" aria-label={t("requests.list")} data-testid="request-list">
            {list.map((request) => (
              <RequestRow
                key={request.id}
                request={request}
                busy={busy.has(request.id)}
                failed={failed === request.id}
                fresh={fresh?.id === request.id}
                onVote={() => void vote(request)}
              />
            ))}
          </ul>
        )}
      </ListQuery>
    </div>
  );
}
