import { useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { Link, useLocation, useParams } from "wouter";
import type { AdminConversationSummary } from "../../shared/conversations-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { AdminProject } from "../../shared/projects-api.ts";
import type { SearchedListPage } from "../../shared/search-api.ts";
import { useLatestUpdate, useResource } from "../api/use-resource.ts";
import { ProjectFilterField } from "../content/project-choice.tsx";
import { TimeAgo } from "../format/date-time-ago.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { projectsApi } from "../projects/projects-api.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { SearchMatchLine, SearchNote } from "../search/search-match.tsx";
import { sessionState } from "../session/session-store.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { buttonClass } from "../shell/button.tsx";
import composerTextBoxCss from "../shell/form/composer-text-box.css" with { type: "text" };
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import { LoadingPlaceholder } from "../shell/layout/loading-placeholder.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListPagination } from "../shell/list/list-page.tsx";
import { anyValue } from "../shell/list/list-url.ts";
import { SearchBox } from "../shell/list/search-box.tsx";
import { type ListPageController, useListPage } from "../shell/list/use-list-page.ts";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { SelectOptions } from "../shell/select-options.tsx";
import { type ConversationListQuery, conversationListUrl } from "./conversation-list-query.ts";
import { listAfterPush, typingAfterPush } from "./conversation-live.ts";
import { conversationHref, conversationsPath, projectInboxHref } from "./conversation-paths.ts";
import { ConversationView, visitorName } from "./conversation-view.tsx";
import conversationsCss from "./conversations.css" with { type: "text" };
import { conversationsApi } from "./conversations-api.ts";
import { previewText } from "./reply-text.ts";
import { typingTiming } from "./typing-signal.ts";

// A plain CSS import would land in the entry's stylesheet, on the sign-in route (area-styles.ts).
adoptStyles(composerTextBoxCss);
adoptStyles(smallControlCss);
adoptStyles(conversationsCss);

const statusChoices = ["open", "closed", anyValue] as const;

/** The visitors typing now, from the staff socket; each is forgotten after 10 s without news. */
function useVisitorTyping(projectId: string) {
  const [typing, setTyping] = useState<Set<string>>(() => new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(
    () => () => {
      for (const timer of timers.current.values()) clearTimeout(timer);
    },
    [],
  );
  const follow = (push: Parameters<typeof typingAfterPush>[1]) => {
    setTyping((current) => typingAfterPush(current, push, projectId));
    if (push.name !== "conversation-typing" || push.data.projectId !== projectId) return;
    const { conversationId, typing: on } = push.data;
    clearTimeout(timers.current.get(conversationId));
    if (!on) return;
    timers.current.set(
      conversationId,
      setTimeout(() => {
        setTyping((current) => {
          const next = new Set(current);
          next.delete(conversationId);
          return next;
        });
      }, typingTiming.remoteTimeoutMs),
    );
  };
  return { typing, follow };
}

/** The name of the field a searched conversation matched in (src/shared/search-api.ts). */
const conversationMatchLabel = (field: string): MessageId =>
  field === "visitor" || field === "messages" || field === "collected"
    ? `conversations.match.${field}`
    : "conversations.match.subject";

function ConversationRow({
  conversation,
  href,
  active,
  typing,
}: {
  conversation: AdminConversationSummary;
  href: string;
  active: boolean;
  typing: boolean;
}) {
  const { t, formatNumber } = useT();
  const visitor = visitorName(conversation.session, t("conversations.visitor"));
  const last = conversation.lastMessage;
  const preview = last ? previewText(last.text, last.author !== "visitor") : t("conversations.noMessages");
  return (
    <li>
      <Link
        href={href}
        className="conversation-row"
        aria-current={active ? "page" : undefined}
        data-testid="conversation-row"
        data-conversation-id={conversation.id}
        data-unread={conversation.unread > 0}
      >
        <span className="user-avatar conversation-avatar" aria-hidden="true">
          {visitor.slice(0, 1).toUpperCase()}
        </span>
        <span className="conversation-summary">
          <span className="conversation-line">
            <span className="conversation-name">{visitor}</span>
            <TimeAgo value={conversation.updatedAt} />
          </span>
          <span className="conversation-subject">{conversation.subject}</span>
          {conversation.assignee && (
            <span className="conversation-assigned" data-testid="conversation-assignee">
              {t("conversations.assignedTo", { name: conversation.assignee.name })}
            </span>
          )}
          {conversation.match && !typing ? (
            <SearchMatchLine
              match={conversation.match}
              label={t(conversationMatchLabel(conversation.match.field))}
            />
          ) : (
            <span className="conversation-preview">
              {typing ? (
                <em className="conversation-typing">{t("conversations.typing")}</em>
              ) : (
                <>
                  {last && last.author !== "visitor" && last.name && `${last.name}: `}
                  {preview}
                </>
              )}
            </span>
          )}
        </span>
        {conversation.unread > 0 && (
          <span className="unread-count" data-testid="unread-count">
            <span aria-hidden="true">{formatNumber(conversation.unread)}</span>
            <span className="visually-hidden">
              {t("conversations.unread", { count: conversation.unread })}
            </span>
          </span>
        )}
        {conversation.status === "closed" && (
          <span className="badge">{t("conversations.status.closed")}</span>
        )}
      </Link>
    </li>
  );
}

/** The project's inbox: the list beside the open conversation, both following the staff socket. */
function Inbox({
  projects,
  project,
  conversationId,
}: {
  projects: AdminProject[];
  project: AdminProject;
  conversationId: string | undefined;
}) {
  const { t } = useT();
  const [location] = useLocation();
  // The list's state lives in the query of whatever the address is, so opening a conversation keeps it.
  const list = useListPage({
    path: location,
    url: conversationListUrl,
    load: (query) => conversationsApi.list(project.id, query),
    key: (search) => `${project.id}${search}`,
  });
  const { typing, follow } = useVisitorTyping(project.id);
  const onRead = useLiveConversationList(list, project.id, follow);

  const listHref = `${projectInboxHref(project.id)}${list.search}`;
  return (
    <section aria-labelledby="conversations-title" className="inbox">
      <header className="page-header page-header-actions inbox-header">
        <div>
          <PageHeading id="conversations-title">{t("conversations.title")}</PageHeading>
          <p className="subtle">{t("conversations.subtitle")}</p>
        </div>
        {projects.length > 1 && (
          <ProjectFilterField
            className="filter-field inbox-project"
            label="conversations.project"
            projects={projects}
            projectId={project.id}
            pathOf={(chosen) => `${projectInboxHref(chosen)}${list.search}`}
            testId="conversation-project"
          />
        )}
      </header>
      <div className="inbox-layout" data-open={conversationId ? "true" : "false"}>
        <ConversationListPane
          list={list}
          projectId={project.id}
          conversationId={conversationId}
          typing={typing}
        />
        <div className="inbox-conversation-pane">
          {conversationId ? (
            <ConversationView
              key={conversationId}
              projectId={project.id}
              id={conversationId}
              backHref={listHref}
              visitorTyping={typing.has(conversationId)}
              onRead={onRead}
            />
          ) : (
            <div className="inbox-choose subtle">{t("conversations.choose")}</div>
          )}
        </div>
      </div>
    </section>
  );
}

type ConversationList = ListPageController<ConversationListQuery, ListPage<AdminConversationSummary>>;

/**
 * Keeps the list's page in step with the staff socket (new, changed and typing conversations; a page the
 * push cannot place is asked again); answers the `onRead` that clears a conversation's unread count.
 */
function useLiveConversationList(
  list: ConversationList,
  projectId: string,
  follow: ReturnType<typeof useVisitorTyping>["follow"],
) {
  const { resource, refresh, replace } = list;
  const page = resource.state === "ready" ? resource.data : null;
  const update = useLatestUpdate(page, replace);

  useStaffPush(
    (push) => {
      follow(push);
      let refetch = false;
      update((current) => {
        const change = listAfterPush(current, push, projectId, list.query);
        refetch = change.refetch;
        return change.page;
      });
      if (refetch) refresh();
    },
    () => refresh(),
  );

  // Reading a conversation clears its count here too (the server pushes nothing for staff reads).
  const onRead = useCallback(
    (id: string) =>
      update((current) => ({
        ...current,
        items: current.items.map((item) =>
          item.id === id && item.unread > 0 ? { ...item, unread: 0 } : item,
        ),
      })),
    [update],
  );

  return onRead;
}

/** Everyone's, the admin's own, or nobody's yet: the list's `assigneeId`. */
function AssigneeFilter({ list }: { list: ConversationList }) {
  const { t } = useT();
  const { user } = useSnapshot(sessionState);
  const value = list.query.assigneeId;
  const choices = [
    { value: "", text: t("conversations.filter.anyone") },
    ...(user ? [{ value: user.id, text: t("conversations.filter.mine") }] : []),
    { value: "none", text: t("conversations.filter.unassigned") },
  ];
  return (
    <label className="conversation-assignee-filter">
      <span className="visually-hidden">{t("conversations.filter.assignee")}</span>
      <select
        name="conversation-assignee"
        value={choices.some((choice) => choice.value === value) ? value : ""}
        onChange={(event) => list.change({ assigneeId: event.target.value })}
      >
        <SelectOptions options={choices} />
      </select>
    </label>
  );
}

/** The status tabs, the search and the conversations of the page, with its states and pages. */
function ConversationListPane({
  list,
  projectId,
  conversationId,
  typing,
}: {
  list: ConversationList;
  projectId: string;
  conversationId: string | undefined;
  typing: ReadonlySet<string>;
}) {
  const { t } = useT();
  const { resource, reload } = list;
  const page = resource.state === "ready" ? resource.data : null;
  const status = list.query.status ?? anyValue;
  return (
    <div className="inbox-list-pane">
      <div className="inbox-toolbar">
        <fieldset className="status-tabs">
          <legend className="visually-hidden">{t("conversations.filter.status")}</legend>
          {statusChoices.map((choice) => (
            <label key={choice} className="status-tab">
              <input
                type="radio"
                name="conversation-status"
                value={choice}
                checked={status === choice}
                onChange={() => list.change({ status: choice === anyValue ? null : choice })}
              />
              <span>{t(`conversations.status.${choice}`)}</span>
            </label>
          ))}
        </fieldset>
        <AssigneeFilter list={list} />
        <SearchBox
          id="conversation-search"
          label="conversations.search"
          placeholder="conversations.searchPlaceholder"
          value={list.query.q}
          onSearch={list.onSearch}
        />
      </div>
      {resource.state === "loading" && (
        <LoadingPlaceholder className="table-skeleton" label="conversations.loading" />
      )}
      {resource.state === "error" && <RetryPanel error="conversations.error" onRetry={reload} />}
      {page &&
        (page.items.length === 0 ? (
          <div className="state-panel inbox-empty-list">
            <p className="state-heading">{t("conversations.empty")}</p>
            <p className="subtle">
              {list.search === "?status=open"
                ? t("conversations.emptyHint")
                : t("conversations.emptyFiltered")}
            </p>
          </div>
        ) : (
          <>
            <p className="list-count subtle">{t("conversations.count", { count: page.total })}</p>
            {(page as SearchedListPage).totalCapped && (
              <SearchNote text={t("conversations.searchCapped", { count: page.total })} />
            )}
            <ul className="conversation-list" data-testid="conversation-list">
              {page.items.map((item) => (
                <ConversationRow
                  key={item.id}
                  conversation={item}
                  href={`${conversationHref(projectId, item.id)}${list.search}`}
                  active={item.id === conversationId}
                  typing={typing.has(item.id)}
                />
              ))}
            </ul>
            {page.total > page.pageSize && <ListPagination list={list} total={page.total} />}
          </>
        ))}
    </div>
  );
}

/**
 * `/dashboard/conversations[/{projectId}[/{id}]]`: the conversations of one widget project (the first
 * one when the address names none), open ones first, with one conversation open beside the list.
 */
export default function ConversationsPage() {
  const { t } = useT();
  const { projectId, id } = useParams<{ projectId?: string; id?: string }>();
  const [, navigate] = useLocation();
  const { resource, reload } = useResource(() => projectsApi.all(), "projects");
  useDocumentTitle(t("conversations.title"));
  const projects = resource.state === "ready" ? resource.data.items : null;
  const first = projects?.[0];

  // No project named: the first one's inbox, replacing this address so Back does not come here again.
  useEffect(() => {
    if (!projectId && first) navigate(`${projectInboxHref(first.id)}${location.search}`, { replace: true });
  }, [projectId, first, navigate]);

  if (resource.state === "loading" || (!projectId && first)) {
    return (
      <p className="subtle" role="status">
        {t("conversations.projectsLoading")}
      </p>
    );
  }
  if (resource.state === "error") {
    return <RetryPanel error="conversations.projectsError" onRetry={reload} />;
  }
  const project = projects?.find((item) => item.id === projectId);
  if (!project) {
    const none = !projects?.length;
    return (
      <section className="state-panel">
        <PageHeading>{t(none ? "conversations.noProjects" : "conversations.unknownProject")}</PageHeading>
        <p>{t(none ? "conversations.noProjectsHint" : "conversations.unknownProjectHint")}</p>
        <Link href={none ? "/dashboard/projects/create" : conversationsPath} className={buttonClass()}>
          {t(none ? "conversations.createProject" : "conversations.title")}
        </Link>
      </section>
    );
  }
  return <Inbox projects={projects ?? []} project={project} conversationId={id} />;
}
