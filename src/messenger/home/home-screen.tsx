import { type FormEvent, useState } from "react";
import type { ConversationMessage } from "../../shared/conversations-api.ts";
import type { MessengerHome } from "../../shared/messenger-home-api.ts";
import { checklistPercent, checklistScreenOf } from "../checklists/checklist-summary.ts";
import { HeroHeader } from "../shell/header-bar.tsx";
import { FlowIcon, Icon } from "../shell/icons.tsx";
import { ListRow, ProgressBar } from "../shell/list.tsx";
import { relativeTime } from "../shell/relative-time.ts";
import type { ScreenProps } from "../shell/screen-registry.ts";
import type { ScreenName } from "../shell/screens.ts";
import { ServerText } from "../shell/server-text.tsx";
import { useApiQuery, useLocale, useMessengerState, useShell, useTexts } from "../shell/shell-context.tsx";
import { ErrorState, Skeleton } from "../shell/states.tsx";
import { homeTexts } from "./home-texts.ts";

/** Plain text of a message for a one-line preview (staff and bot messages are HTML). */
export function plainText(message: Pick<ConversationMessage, "author" | "text">): string {
  if (message.author === "visitor" || typeof DOMParser === "undefined") return message.text;
  // DOMParser builds an inert document: nothing in it loads or runs.
  return new DOMParser().parseFromString(message.text, "text/html").body.textContent ?? "";
}

const firstName = (name: unknown) => (typeof name === "string" ? (name.trim().split(/\s+/)[0] ?? "") : "");

/**
 * Starts loading a screen's code as a pointer or the focus comes to what opens it: a visitor's click
 * follows a few hundred milliseconds later, and the screen then draws at once instead of a skeleton
 * while its chunks arrive (a finger's touch starts a pointer too).
 */
function usePreloadOnApproach(name: ScreenName) {
  const { screens } = useShell();
  return { onPointerEnter: () => screens.preload(name), onFocus: () => screens.preload(name) };
}

function ConversationCard({ home }: { home: MessengerHome }) {
  const t = useTexts(homeTexts);
  const { lang } = useLocale();
  const { navigator } = useShell();
  const conversation = home.conversation;
  const approach = usePreloadOnApproach(conversation ? "conversation" : "new-conversation");
  if (!conversation)
    return (
      <button
        type="button"
        className="card action-card action-card--primary"
        data-home-action="new-conversation"
        {...approach}
        onClick={() => navigator.push({ name: "new-conversation" })}
      >
        <span className="action-text">
          <span className="action-title" dir="auto">
            {t("home.sendMessage")}
          </span>
          <span className="action-hint" dir="auto">
            {t("home.sendMessageHint")}
          </span>
        </span>
        <span className="send-bubble">
          <Icon name="send" size={18} />
        </span>
      </button>
    );
  const last = conversation.lastMessage;
  const author = last?.author === "visitor" ? t("home.you") : (last?.name ?? "");
  return (
    <button
      type="button"
      className="card action-card"
      data-home-action="conversation"
      {...approach}
      onClick={() => navigator.push({ name: "conversation", shareToken: conversation.shareToken })}
    >
      <span className="action-text">
        <span className="action-label">{t("home.continue")}</span>
        <span className="action-title" dir="auto">
          {conversation.subject}
        </span>
        {last && (
          <span className="action-hint one-line" dir="auto">
            {author && <strong>{author}: </strong>}
            {plainText(last)}
          </span>
        )}
      </span>
      <span className="action-meta">
        {last && <span className="time">{relativeTime(lang, last.createdAt)}</span>}
        {conversation.unread > 0 && (
          <span className="badge badge--inline">{t("home.newMessages", { count: conversation.unread })}</span>
        )}
      </span>
    </button>
  );
}

function FlowActions({ home }: { home: MessengerHome }) {
  const t = useTexts(homeTexts);
  const { navigator } = useShell();
  const approachFlow = usePreloadOnApproach("flow");
  if (home.flows.length === 0 && !home.hasFeatureRequests) return null;
  return (
    <section className="card list" aria-label={t("home.actions")}>
      {home.flows.map((flow) => (
        <ListRow
          key={flow.key}
          data-home-action={`flow:${flow.key}`}
          {...approachFlow}
          onClick={() => navigator.push({ name: "flow", flowKey: flow.key })}
          icon={<FlowIcon icon={flow.icon || flow.key} />}
          title={flow.title}
          hint={flow.description}
        />
      ))}
      {home.hasFeatureRequests && (
        <ListRow
          data-home-action="feature-requests"
          onClick={() => navigator.push({ name: "feature-requests" })}
          icon={<Icon name="vote" />}
          title={t("home.featureRequests")}
          hint={t("home.featureRequestsHint")}
        />
      )}
    </section>
  );
}

function HelpSearch() {
  const t = useTexts(homeTexts);
  const { navigator } = useShell();
  const [term, setTerm] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    navigator.push(trimmed ? { name: "help-search", term: trimmed } : { name: "help" });
  };
  return (
    <form className="card search-card" aria-label={t("home.searchHelp")} onSubmit={submit}>
      <label className="visually-hidden" htmlFor="home-help-search">
        {t("home.searchHelp")}
      </label>
      <input
        id="home-help-search"
        className="search-input"
        type="search"
        placeholder={t("home.searchHelp")}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="icon-button search-button" aria-label={t("home.search")}>
        <Icon name="search" size={18} />
      </button>
    </form>
  );
}

function NewsTeaser({ home }: { home: MessengerHome }) {
  const t = useTexts(homeTexts);
  const { lang } = useLocale();
  const { navigator } = useShell();
  const post = home.news[0];
  if (!post) return null;
  return (
    <section className="card news-teaser">
      <button
        type="button"
        className="news-teaser-main"
        data-home-action="news-article"
        onClick={() => navigator.push({ name: "news-article", newsId: post.id })}
      >
        {post.coverImageUrl && <img className="news-cover" src={post.coverImageUrl} alt="" loading="lazy" />}
        <span className="news-teaser-text">
          <span className="action-label">
            {t("home.latestNews")} · {relativeTime(lang, post.publishedAt)}
          </span>
          <span className="action-title" dir="auto">
            {post.title}
          </span>
          <ServerText className="action-hint two-lines" text={post.preview} />
        </span>
      </button>
      {home.news.length > 1 && (
        <button type="button" className="link-row" onClick={() => navigator.openTab("news")}>
          {t("home.allNews")}
          <Icon name="chevron" size={16} />
        </button>
      )}
    </section>
  );
}

function Checklists({ home }: { home: MessengerHome }) {
  const t = useTexts(homeTexts);
  const { navigator } = useShell();
  if (home.checklists.length === 0) return null;
  return (
    <section className="card list" aria-label={t("home.checklists")}>
      {home.checklists.map((checklist) => (
        <ListRow
          key={checklist.outboundId}
          className="list-row list-row--action checklist-row"
          data-home-action="checklist"
          onClick={() => navigator.push(checklistScreenOf(checklist))}
          icon={<Icon name={checklist.status === "done" ? "check" : "list"} />}
          title={checklist.title}
        >
          <ProgressBar percent={checklistPercent(checklist)} />
          <span className="row-hint" dir="auto">
            {t("home.progress", { done: checklist.done, total: checklist.total })}
          </span>
        </ListRow>
      ))}
    </section>
  );
}

/**
 * The first screen: a greeting, the open conversation or a way to start one, the project's feedback
 * flows, the latest news, checklists and help search — from one request (`GET /messenger/home`).
 */
export function HomeScreen(_: ScreenProps<"home">) {
  const t = useTexts(homeTexts);
  const name = firstName(useMessengerState((state) => state.session?.name));
  const home = useApiQuery<MessengerHome>("/messenger/home");
  return (
    <>
      <HeroHeader title={name ? t("home.greeting", { name }) : t("home.greetingAnonymous")}>
        <p className="hero-lead">{t("home.lead")}</p>
      </HeroHeader>
      <div className="home-cards" data-testid="home">
        {home.status === "loading" && (
          <>
            <Skeleton lines={2} />
            <Skeleton lines={3} />
          </>
        )}
        {home.status === "error" && (
          <div className="card">
            <ErrorState error={home.error} onRetry={home.retry} />
          </div>
        )}
        {home.data && (
          <>
            <ConversationCard home={home.data} />
            <FlowActions home={home.data} />
            {home.data.hasHelpCenter && <HelpSearch />}
            <NewsTeaser home={home.data} />
            <Checklists home={home.data} />
          </>
        )}
      </div>
    </>
  );
}

export default HomeScreen;
