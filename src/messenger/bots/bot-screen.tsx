import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import type { Bot, BotStep, Conversation } from "../../shared/messenger-api.ts";
import type { ChatItem } from "../conversations/chat-parts.tsx";
import { TypingIndicator } from "../conversations/chat-parts.tsx";
import { ChatSkeleton, ChatView } from "../conversations/chat-view.tsx";
import { ContentIcon } from "../conversations/content-icons.tsx";
import { conversationPath } from "../conversations/conversation-cache.ts";
import "../conversations/conversations.css";
import {
  ErrorState,
  Icon,
  path,
  type ScreenProps,
  useApiQuery,
  useMessengerState,
  useScreenTitle,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import {
  type BotRun,
  collectProblem,
  handoverRequest,
  reduceRun,
  startRun,
  stepOf,
  typingDelay,
  waitingFor,
} from "./bot-run.ts";
import { botTexts } from "./bot-texts.ts";
import "./bots.css";

/** The field a `collect` step asks for, checked before it goes on (an e-mail must look like one). */
function CollectForm({ step, onAnswer }: { step: BotStep; onAnswer(value: string): void }) {
  const t = useTexts(botTexts);
  const field = step.field;
  const sessionEmail = useMessengerState((state) => state.session?.email);
  const [value, setValue] = useState(() =>
    field?.type === "email" && typeof sessionEmail === "string" ? sessionEmail : "",
  );
  const [tried, setTried] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problem = tried ? collectProblem(step, value) : null;
  const id = `bot-field-${step.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (collectProblem(step, value)) {
      input.current?.focus();
      return;
    }
    onAnswer(value);
  };
  if (!field) return null;
  return (
    <form className="bot-collect" onSubmit={submit} noValidate data-testid="bot-collect">
      <label className="field-label" htmlFor={id} dir="auto">
        {field.label}
      </label>
      <div className="bot-collect-row">
        <input
          ref={input}
          id={id}
          className="input"
          type={field.type === "email" ? "email" : "text"}
          autoComplete={field.type === "email" ? "email" : "off"}
          dir="auto"
          placeholder={field.type === "email" ? t("bot.emailPlaceholder") : undefined}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="send-button" aria-label={t("bot.send")} title={t("bot.send")}>
          <Icon name="send" size={18} />
        </button>
      </div>
      {problem && (
        <p className="field-error" id={`${id}-error`} data-testid="bot-field-error">
          <Icon name="alert" size={14} />
          {t(problem === "email" ? "bot.email" : "bot.required")}
        </p>
      )}
    </form>
  );
}

function BotChat({ bot }: { bot: Bot }) {
  const t = useTexts(botTexts);
  const { api, queries, navigator } = useShell();
  const [run, dispatch] = useReducer(
    (state: BotRun, action: Parameters<typeof reduceRun>[2]) => reduceRun(bot, state, action),
    bot,
    startRun,
  );
  const [handover, setHandover] = useState<"idle" | "sending" | "failed">("idle");
  const footer = useRef<HTMLDivElement>(null);
  const step = stepOf(bot, run.stepId);
  const waiting = waitingFor(bot, run);

  // The step in play "types" for a moment, then says its text.
  useEffect(() => {
    if (!step || run.shown) return;
    const timer = setTimeout(() => dispatch({ type: "show" }), typingDelay(step));
    return () => clearTimeout(timer);
  }, [step, run.shown]);

  const handOver = useCallback(async () => {
    setHandover("sending");
    try {
      const conversation = await api.post<Conversation>(
        "/conversations",
        handoverRequest(bot, run, t("bot.handoverDefault")),
      );
      queries.invalidate("/conversations");
      queries.invalidate("/messenger/home");
      queries.set(conversationPath(conversation.shareToken), conversation);
      navigator.replace({ name: "conversation", shareToken: conversation.shareToken });
    } catch {
      setHandover("failed");
    }
  }, [api, queries, navigator, bot, run, t]);

  // The handover step has said its text: the conversation starts.
  const handoverDue = waiting?.type === "handover" && handover === "idle";
  useEffect(() => {
    if (handoverDue) void handOver();
  }, [handoverDue, handOver]);

  // A choice made or a field sent takes its control away: focus moves to what asks next.
  const asking = waiting ? `${waiting.id}:${run.transcript.length}` : run.stepId === null ? "ended" : "";
  useEffect(() => {
    if (!asking) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || footer.current?.contains(active);
    if (lost) footer.current?.querySelector<HTMLElement>("button, input")?.focus({ preventScroll: true });
  }, [asking]);

  const items = useMemo<ChatItem[]>(
    () =>
      run.transcript.map((entry, index) => ({
        key: `bot-${index}`,
        author: entry.author,
        name: entry.author === "bot" ? bot.name : null,
        avatarUrl: entry.author === "bot" ? bot.avatarUrl : null,
        text: entry.text,
        attachments: [],
        createdAt: entry.createdAt,
      })),
    [run.transcript, bot],
  );

  const typing = step && !run.shown && typingDelay(step) > 0;
  let controls: ReactNode = null;
  if (waiting?.type === "buttons")
    controls = (
      <fieldset className="bot-choices" data-testid="bot-choices">
        <legend className="visually-hidden">{t("bot.choose")}</legend>
        {(waiting.buttons ?? []).map((choice) => (
          <button
            key={choice.label}
            type="button"
            className="bot-choice"
            dir="auto"
            onClick={() => dispatch({ type: "choose", label: choice.label, next: choice.next })}
          >
            {choice.label}
          </button>
        ))}
      </fieldset>
    );
  else if (waiting?.type === "collect")
    controls = (
      <CollectForm
        key={`${waiting.id}-${run.transcript.length}`}
        step={waiting}
        onAnswer={(value) => dispatch({ type: "collect", value })}
      />
    );
  else if (waiting?.type === "handover")
    controls =
      handover === "failed" ? (
        <div className="bot-end" role="alert" data-testid="bot-handover-failed">
          <p className="bot-end-text">
            <Icon name="alert" size={16} />
            {t("bot.handoverFailed")}
          </p>
          <button type="button" className="button button--primary" onClick={() => void handOver()}>
            {t("bot.retry")}
          </button>
        </div>
      ) : (
        <p className="bot-end-text bot-handing-over" role="status" data-testid="bot-handing-over">
          <span className="button-spinner" aria-hidden="true" />
          {t("bot.handingOver")}
        </p>
      );
  else if (run.stepId === null)
    controls = (
      <div className="bot-end" data-testid="bot-ended">
        <p className="bot-end-text">{t("bot.ended")}</p>
        <div className="bot-end-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch({ type: "restart" })}
          >
            <ContentIcon name="retry" size={16} />
            {t("bot.restart")}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigator.replace({ name: "new-conversation" })}
          >
            {t("bot.message")}
          </button>
        </div>
      </div>
    );

  return (
    <ChatView
      testId="bot-chat"
      items={items}
      after={
        typing ? (
          <TypingIndicator
            name={bot.name}
            avatarUrl={bot.avatarUrl}
            label={t("bot.typing", { name: bot.name })}
          />
        ) : null
      }
      footer={
        <div className="bot-footer" ref={footer}>
          {controls}
        </div>
      }
    />
  );
}

/**
 * A bot (`GET /bots/{id}`, the host's `startBot`): its scripted steps run here one by one, each
 * after a short typing pause; choices, a field to fill in, and at a handover a conversation with the
 * team that carries the chat and what was collected, which the screen then becomes.
 */
export default function BotScreen({ screen }: ScreenProps<"bot">) {
  const bot = useApiQuery<Bot>(path`/bots/${screen.botId}`);
  useScreenTitle(bot.data?.name);
  if (bot.status === "loading" || (bot.status === "ready" && !bot.data)) return <ChatSkeleton />;
  if (bot.status === "error" || !bot.data) return <ErrorState error={bot.error} onRetry={bot.retry} />;
  return <BotChat key={bot.data.id} bot={bot.data} />;
}
