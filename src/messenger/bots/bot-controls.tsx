import { type FormEvent, useRef, useState } from "react";
import { collectProblem } from "../../shared/bot-run.ts";
import type { BotStep } from "../../shared/bots-api.ts";
import { ContentIcon } from "../conversations/content-icons.tsx";
import { conversationTexts } from "../conversations/conversation-texts.ts";
import { NewConversationButton } from "../conversations/new-conversation-button.tsx";
import { FieldErrorText, Icon, useMessengerState, useTexts } from "../shell/shell-api.ts";
import { botTexts } from "./bot-texts.ts";
import type { useBotChat } from "./use-bot-chat.ts";

type BotChat = ReturnType<typeof useBotChat>;

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
        <FieldErrorText id={`${id}-error`} testId="bot-field-error">
          {t(problem === "email" ? "bot.email" : "bot.required")}
        </FieldErrorText>
      )}
    </form>
  );
}

function Choices({ step, chat }: { step: BotStep; chat: BotChat }) {
  const t = useTexts(botTexts);
  return (
    <fieldset className="bot-choices" data-testid="bot-choices">
      <legend className="visually-hidden">{t("bot.choose")}</legend>
      {(step.buttons ?? []).map((choice) => (
        <button
          key={choice.label}
          type="button"
          className="bot-choice"
          dir="auto"
          onClick={() => chat.dispatch({ type: "choose", label: choice.label, next: choice.next })}
        >
          {choice.label}
        </button>
      ))}
    </fieldset>
  );
}

function Handover({ chat }: { chat: BotChat }) {
  const t = useTexts(botTexts);
  const conversation = useTexts(conversationTexts);
  if (chat.handover === "failed" || chat.handover === "limited")
    return (
      <div className="bot-end" role="alert" data-testid="bot-handover-failed">
        <p className="bot-end-text">
          <Icon name="alert" size={16} />
          {chat.handover === "limited" ? conversation("conversation.tooManyStarts") : t("bot.handoverFailed")}
        </p>
        <button type="button" className="button button--primary" onClick={() => void chat.handOver()}>
          {t("bot.retry")}
        </button>
      </div>
    );
  return (
    <p className="bot-end-text bot-handing-over" role="status" data-testid="bot-handing-over">
      <span className="button-spinner" aria-hidden="true" />
      {t("bot.handingOver")}
    </p>
  );
}

function Ended({ chat }: { chat: BotChat }) {
  const t = useTexts(botTexts);
  return (
    <div className="bot-end" data-testid="bot-ended">
      <p className="bot-end-text">{t("bot.ended")}</p>
      <div className="bot-end-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => chat.dispatch({ type: "restart" })}
        >
          <ContentIcon name="retry" size={16} />
          {t("bot.restart")}
        </button>
        <NewConversationButton replace>{t("bot.message")}</NewConversationButton>
      </div>
    </div>
  );
}

/** A `choice` field: its options as buttons, the one picked being the collected answer. */
function CollectChoices({ step, onAnswer }: { step: BotStep; onAnswer(value: string): void }) {
  return (
    <fieldset className="bot-choices" data-testid="bot-choices">
      <legend className="field-label" dir="auto">
        {step.field?.label}
      </legend>
      {(step.field?.options ?? []).map((option) => (
        <button key={option} type="button" className="bot-choice" dir="auto" onClick={() => onAnswer(option)}>
          {option}
        </button>
      ))}
    </fieldset>
  );
}

/** What the visitor can do at this point of the chat: choose, fill in a field, wait, or start over. */
export function BotControls({ chat }: { chat: BotChat }) {
  const { waiting, run } = chat;
  if (waiting?.type === "buttons") return <Choices step={waiting} chat={chat} />;
  if (waiting?.type === "collect" && waiting.field?.type === "choice")
    return <CollectChoices step={waiting} onAnswer={(value) => chat.dispatch({ type: "collect", value })} />;
  if (waiting?.type === "collect")
    return (
      <CollectForm
        key={`${waiting.id}-${run.transcript.length}`}
        step={waiting}
        onAnswer={(value) => chat.dispatch({ type: "collect", value })}
      />
    );
  if (waiting?.type === "handover") return <Handover chat={chat} />;
  if (run.stepId === null) return <Ended chat={chat} />;
  return null;
}
