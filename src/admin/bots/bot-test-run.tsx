import { type FormEvent, useEffect, useId, useState } from "react";
import {
  type BotRun,
  collectProblem,
  handoverRequest,
  reduceRun,
  startRun,
  stepOf,
  typingDelay,
  waitingFor,
} from "../../shared/bot-run.ts";
import type { Bot, BotStep } from "../../shared/bots-api.ts";
import { sanitizePreview } from "../content/sanitize-preview.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

// The messenger pauses while the bot "types"; the test run pauses too, a little shorter.
const maxPauseMs = 300;

/** The answer box of a text or e-mail question, checked as the messenger checks it. */
function TestAnswer({ step, onAnswer }: { step: BotStep; onAnswer(value: string): void }) {
  const { t } = useT();
  const id = useId();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<ReturnType<typeof collectProblem>>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectProblem(step, value);
    setProblem(found);
    if (!found) onAnswer(value);
  };
  return (
    <form className="bot-test-answer" onSubmit={submit} noValidate>
      <label htmlFor={id} className="bot-test-question" dir="auto">
        {step.field?.label || t("bots.test.answer")}
      </label>
      <div className="bot-test-answer-row">
        <input
          id={id}
          type={step.field?.type === "email" ? "email" : "text"}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" size="sm">
          {t("bots.test.send")}
        </Button>
      </div>
      {problem && (
        <p className="form-error" id={`${id}-error`}>
          {t(`bots.test.${problem}`)}
        </p>
      )}
    </form>
  );
}

/** Choices to click: a buttons step's branches, or a choice question's options. */
function TestChoices({
  labels,
  onPick,
  legend,
}: {
  labels: string[];
  onPick(label: string, index: number): void;
  legend: string;
}) {
  return (
    <fieldset className="bot-test-choices">
      <legend dir="auto">{legend}</legend>
      {labels.map((label, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat while the author types; the position is the identity.
          key={index}
          type="button"
          className="bot-test-choice"
          dir="auto"
          onClick={() => onPick(label, index)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** What was said so far, the bot's texts cleaned as the messenger cleans them; `typing` while it pauses. */
function TestTranscript({ run, typing }: { run: BotRun; typing: boolean }) {
  const { t } = useT();
  return (
    <ol className="bot-test-transcript" aria-live="polite">
      {run.transcript.map((entry, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the transcript only grows; a restart replaces the whole run.
          key={index}
          className={`bot-test-message bot-test-${entry.author}`}
          data-testid="bot-test-message"
        >
          <span className="visually-hidden">
            {t(entry.author === "bot" ? "bots.test.bot" : "bots.test.visitor")}:{" "}
          </span>
          {entry.author === "bot" ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned with the messenger's allow-list.
            <div dir="auto" dangerouslySetInnerHTML={{ __html: sanitizePreview(entry.text) }} />
          ) : (
            <div dir="auto">{entry.text}</div>
          )}
        </li>
      ))}
      {typing && (
        <li className="bot-test-message bot-test-bot bot-test-typing" aria-hidden="true">
          …
        </li>
      )}
    </ol>
  );
}

type RunAction = Parameters<typeof reduceRun>[2];

/** What the step in play waits for: a choice, an answer, or the handover it ends with. */
function TestPrompt({
  bot,
  run,
  waiting,
  act,
}: {
  bot: Bot;
  run: BotRun;
  waiting: BotStep | null;
  act: (action: RunAction) => void;
}) {
  const { t } = useT();
  return (
    <>
      {waiting?.type === "buttons" && (
        <TestChoices
          legend={t("bots.test.answer")}
          labels={(waiting.buttons ?? []).map((button) => button.label)}
          onPick={(label, index) => act({ type: "choose", label, next: waiting.buttons?.[index]?.next })}
        />
      )}
      {waiting?.type === "collect" && waiting.field?.type === "choice" && (
        <TestChoices
          legend={waiting.field.label}
          labels={waiting.field.options ?? []}
          onPick={(value) => act({ type: "collect", value })}
        />
      )}
      {waiting?.type === "collect" && waiting.field?.type !== "choice" && (
        <TestAnswer
          key={`${waiting.id}-${run.transcript.length}`}
          step={waiting}
          onAnswer={(value) => act({ type: "collect", value })}
        />
      )}
      {waiting?.type === "handover" && (
        <div className="bot-test-end" role="status" data-testid="bot-test-handover">
          <p>{t("bots.test.handover")}</p>
          <pre className="bot-test-summary">{handoverRequest(bot, run, t("bots.test.fallback")).text}</pre>
        </div>
      )}
    </>
  );
}

/**
 * A simulated conversation with the bot as the form has it, run by the messenger's own state machine
 * (src/shared/bot-run.ts): the same steps, branches, checks and handover request, nothing sent.
 */
export function BotTestRun({ bot, blocked }: { bot: Bot; blocked: boolean }) {
  const { t } = useT();
  const [run, setRun] = useState<BotRun | null>(null);
  const step = run ? stepOf(bot, run.stepId) : null;

  // The step in play says its text after a short pause, as in the messenger.
  useEffect(() => {
    if (!run || run.shown || !step) return;
    const timer = setTimeout(
      () => setRun((current) => current && reduceRun(bot, current, { type: "show" })),
      Math.min(typingDelay(step), maxPauseMs),
    );
    return () => clearTimeout(timer);
  }, [bot, run, step]);

  const waiting = run ? waitingFor(bot, run) : null;
  const act = (action: RunAction) => setRun((current) => current && reduceRun(bot, current, action));

  return (
    <section className="card bot-test" aria-labelledby="bot-test-title" data-testid="bot-test-run">
      <div className="bot-test-head">
        <div>
          <h2 id="bot-test-title">{t("bots.test.title")}</h2>
          <p className="subtle">{t("bots.test.hint")}</p>
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={blocked}
          onClick={() => setRun(startRun(bot))}
        >
          {run ? t("bots.test.restart") : t("bots.test.start")}
        </Button>
      </div>
      {blocked && <p className="subtle">{t("bots.test.fixFirst")}</p>}
      {run && (
        <>
          <TestTranscript run={run} typing={Boolean(step && !run.shown)} />
          <TestPrompt bot={bot} run={run} waiting={waiting} act={act} />
          {run.stepId === null && (
            <p className="bot-test-end subtle" role="status" data-testid="bot-test-ended">
              {t("bots.test.ended")}
            </p>
          )}
        </>
      )}
    </section>
  );
}
