import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { Survey } from "../../shared/messenger-api.ts";
import { path, toApiError } from "../shell/api-client.ts";
import { CloseButton } from "../shell/header-bar.tsx";
import { Icon } from "../shell/icons.tsx";
import type { ScreenProps } from "../shell/screen-registry.ts";
import type { SurveyFormat } from "../shell/screens.ts";
import { useApiQuery, useLocale, useShell, useShellTexts, useTexts } from "../shell/shell-context.tsx";
import { ErrorState, Skeleton } from "../shell/states.tsx";
import { type Answer, type Answers, advancesOnAnswer, answersRequest, canLeave } from "./survey-answers.ts";
import { QuestionInput } from "./survey-questions.tsx";
import { surveyTexts } from "./survey-texts.ts";
import "./surveys.css";

/** A one-tap answer shows as chosen for this long before the next question slides in. */
export const autoAdvanceMs = 220;

type Phase =
  | { name: "answering" }
  | { name: "sending" }
  | { name: "sent" }
  | { name: "already" }
  | { name: "failed"; message: string };

/** The card every survey state sits in: close (not in survey_web) and the survey's look per mode. */
function SurveyCard({ format, children }: { format: SurveyFormat; children: ReactNode }) {
  return (
    <section className={`survey survey--${format}`} data-testid="survey" data-format={format}>
      {format !== "survey_web" && <CloseButton className="icon-button survey-close" />}
      {children}
    </section>
  );
}

function Done({ title, text, format }: { title: string; text: string; format: SurveyFormat }) {
  const t = useTexts(surveyTexts);
  const { host } = useShell();
  return (
    <div className="survey-done" data-testid="survey-done">
      <span className="success-mark">
        <Icon name="check" size={28} />
      </span>
      <h2 className="survey-title" dir="auto" tabIndex={-1}>
        {title}
      </h2>
      {text && (
        <p className="survey-description" dir="auto">
          {text}
        </p>
      )}
      {format !== "survey_web" && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => host.send({ name: "close-widget" })}
        >
          {t("survey.close")}
        </button>
      )}
    </div>
  );
}

function SurveyForm({ survey, format }: { survey: Survey; format: SurveyFormat }) {
  const t = useTexts(surveyTexts);
  const { lang } = useLocale();
  const { api, queries } = useShell();
  const [answers, setAnswers] = useState<Answers>({});
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState(false);
  const [phase, setPhase] = useState<Phase>(
    survey.answered && !survey.allowMultipleAnswers ? { name: "already" } : { name: "answering" },
  );
  const advance = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => () => clearTimeout(advance.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new step, to focus its question
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    titleRef.current?.focus({ preventScroll: true });
  }, [step]);

  const total = survey.questions.length;
  const question = survey.questions[step];
  const last = step === total - 1;

  if (phase.name === "already")
    return <Done title={t("survey.already")} text={t("survey.alreadyHint")} format={format} />;
  if (phase.name === "sent")
    return (
      <Done
        title={t("survey.thanks")}
        text={survey.thankYouMessage || t("survey.thanksDefault")}
        format={format}
      />
    );
  if (!question) return null;

  const answer = answers[question.id];
  const missing = tried && !canLeave(question, answer);

  async function submit(all: Answers) {
    setPhase({ name: "sending" });
    try {
      await api.post<{ id: string }>(path`/surveys/${survey.id}/answers`, answersRequest(survey, all));
      setPhase({ name: "sent" });
      // Shown again, the survey knows it was answered.
      queries.set(path`/surveys/${survey.id}`, { ...survey, answered: true });
    } catch (failure) {
      const error = toApiError(failure);
      if (error.kind === "conflict") {
        setPhase({ name: "already" });
        queries.set(path`/surveys/${survey.id}`, { ...survey, answered: true });
      } else setPhase({ name: "failed", message: error.kind === "rejected" ? error.message : "" });
    }
  }

  const next = (all: Answers = answers) => {
    const current = all[question.id];
    if (!canLeave(question, current)) {
      setTried(true);
      return;
    }
    setTried(false);
    if (last) void submit(all);
    else setStep(step + 1);
  };

  const onAnswer = (value: Answer) => {
    const all = { ...answers, [question.id]: value };
    setAnswers(all);
    setTried(false);
    clearTimeout(advance.current);
    if (advancesOnAnswer(question) && !last) advance.current = setTimeout(() => next(all), autoAdvanceMs);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(advance.current);
    next();
  };

  const sending = phase.name === "sending";
  const labelId = `survey-q-${question.id}`;
  const errorId = `${labelId}-error`;
  return (
    <form className="survey-form" onSubmit={onSubmit} noValidate>
      {step === 0 && (
        <header className="survey-intro">
          <p className="survey-eyebrow" dir="auto">
            {survey.title}
          </p>
          {survey.description && (
            <p className="survey-description" dir="auto">
              {survey.description}
            </p>
          )}
        </header>
      )}
      {total > 1 && (
        <div className="survey-progress">
          <span className="progress" aria-hidden="true">
            <span className="progress-bar" style={{ width: `${((step + 1) / total) * 100}%` }} />
          </span>
          <span className="survey-step" data-testid="survey-step">
            {t("survey.progress", { current: step + 1, total })}
          </span>
        </div>
      )}
      <div
        className="survey-question"
        key={question.id}
        data-question={question.id}
        data-type={question.type}
      >
        <h2 className="survey-title" dir="auto" id={labelId} ref={titleRef} tabIndex={-1}>
          {question.title}
          {!question.required && <span className="survey-optional">{t("survey.optional")}</span>}
        </h2>
        {question.description && (
          <p className="survey-description" dir="auto">
            {question.description}
          </p>
        )}
        <fieldset className="survey-fieldset" disabled={sending}>
          <QuestionInput
            question={question}
            answer={answer}
            onAnswer={onAnswer}
            t={t}
            lang={lang}
            labelId={labelId}
            describedBy={missing ? errorId : undefined}
            invalid={missing}
          />
        </fieldset>
        {missing && (
          <p className="field-error" id={errorId} role="alert" data-testid="survey-required">
            <Icon name="alert" size={14} />
            {t("survey.required")}
          </p>
        )}
      </div>
      {phase.name === "failed" && (
        <div className="alert" role="alert" data-testid="survey-failed">
          <Icon name="alert" size={18} />
          <span>
            <strong>{t("survey.failed")}</strong> {phase.message || t("survey.failedHint")}
          </span>
        </div>
      )}
      <div className="survey-actions">
        {step > 0 && (
          <button
            type="button"
            className="icon-button survey-back"
            aria-label={t("survey.back")}
            title={t("survey.back")}
            disabled={sending}
            onClick={() => {
              clearTimeout(advance.current);
              setTried(false);
              setStep(step - 1);
            }}
          >
            <Icon name="back" />
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={sending} data-testid="survey-next">
          {sending ? (
            <>
              <span className="button-spinner" aria-hidden="true" />
              {t("survey.submitting")}
            </>
          ) : last ? (
            t("survey.submit")
          ) : (
            t("survey.next")
          )}
        </button>
      </div>
    </form>
  );
}

/**
 * A survey (`GET /surveys/{id}`), one question a step with its progress, in the host's survey modes:
 * `survey` (a small floating card), `survey_full` (a centred dialog) and `survey_web` (in the page,
 * no close). NPS, star ratings and single choices move on when answered; required questions say so
 * at the question; the answers go to `POST /surveys/{id}/answers` (409: answered before).
 */
export default function SurveyScreen({ screen }: ScreenProps<"survey">) {
  const survey = useApiQuery<Survey>(path`/surveys/${screen.surveyId}`);
  const shell = useShellTexts();
  return (
    <SurveyCard format={screen.format}>
      {survey.status === "loading" && <Skeleton lines={4} card={false} label={shell("state.loading")} />}
      {survey.status === "error" &&
        (survey.error?.kind === "not-found" ? (
          <Done title={shell("state.notFound")} text="" format={screen.format} />
        ) : (
          <ErrorState error={survey.error} onRetry={survey.retry} />
        ))}
      {survey.data && <SurveyForm key={survey.data.id} survey={survey.data} format={screen.format} />}
    </SurveyCard>
  );
}
