import type { ReactNode } from "react";
import type { Survey } from "../../shared/surveys-api.ts";
import { path } from "../shell/api-client.ts";
import { CloseButton } from "../shell/header-bar.tsx";
import { Icon } from "../shell/icons.tsx";
import type { ScreenProps } from "../shell/screen-registry.ts";
import type { SurveyFormat } from "../shell/screens.ts";
import { ServerText } from "../shell/server-text.tsx";
import { useApiQuery, useLocale, useShell, useShellTexts, useTexts } from "../shell/shell-context.tsx";
import { AlertBox, BusyLabel, ErrorState, FieldErrorText, Skeleton } from "../shell/states.tsx";
import { QuestionInput } from "./survey-questions.tsx";
import { surveyTexts } from "./survey-texts.ts";
import { useSurveyForm } from "./use-survey-form.ts";
import "./surveys.css";

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
      <ServerText as="p" className="survey-description" text={text} />
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

function SurveyIntro({ survey }: { survey: Survey }) {
  return (
    <header className="survey-intro">
      <p className="survey-eyebrow" dir="auto">
        {survey.title}
      </p>
      <ServerText as="p" className="survey-description" text={survey.description} />
    </header>
  );
}

function SurveyProgress({ step, total }: { step: number; total: number }) {
  const t = useTexts(surveyTexts);
  return (
    <div className="survey-progress">
      <span className="progress" aria-hidden="true">
        <span className="progress-bar" style={{ width: `${((step + 1) / total) * 100}%` }} />
      </span>
      <span className="survey-step" data-testid="survey-step">
        {t("survey.progress", { current: step + 1, total })}
      </span>
    </div>
  );
}

/** The question of the step: its title (focused when the step changes), its input, what it misses. */
function SurveyQuestionStep({ form, sending }: { form: ReturnType<typeof useSurveyForm>; sending: boolean }) {
  const t = useTexts(surveyTexts);
  const { lang } = useLocale();
  const { question, missing } = form;
  if (!question) return null;
  const labelId = `survey-q-${question.id}`;
  const errorId = `${labelId}-error`;
  return (
    <div className="survey-question" data-question={question.id} data-type={question.type}>
      <h2 className="survey-title" dir="auto" id={labelId} ref={form.titleRef} tabIndex={-1}>
        {question.title}
        {!question.required && <span className="survey-optional">{t("survey.optional")}</span>}
      </h2>
      <ServerText as="p" className="survey-description" text={question.description} />
      <fieldset className="survey-fieldset" disabled={sending}>
        <QuestionInput
          question={question}
          answer={form.answer}
          onAnswer={form.onAnswer}
          t={t}
          lang={lang}
          labelId={labelId}
          describedBy={missing ? errorId : undefined}
          invalid={missing}
        />
      </fieldset>
      {missing && (
        <FieldErrorText id={errorId} role="alert" testId="survey-required">
          {t("survey.required")}
        </FieldErrorText>
      )}
    </div>
  );
}

function SurveyForm({ survey, format }: { survey: Survey; format: SurveyFormat }) {
  const t = useTexts(surveyTexts);
  const form = useSurveyForm(survey);
  const { phase, step, total, question } = form;

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

  const sending = phase.name === "sending";
  return (
    <form className="survey-form" onSubmit={form.onSubmit} noValidate>
      {step === 0 && <SurveyIntro survey={survey} />}
      {total > 1 && <SurveyProgress step={step} total={total} />}
      <SurveyQuestionStep key={question.id} form={form} sending={sending} />
      {phase.name === "failed" && (
        <AlertBox testId="survey-failed">
          <strong>{t("survey.failed")}</strong> {phase.message || t("survey.failedHint")}
        </AlertBox>
      )}
      <div className="survey-actions">
        {step > 0 && (
          <button
            type="button"
            className="icon-button survey-back"
            aria-label={t("survey.back")}
            title={t("survey.back")}
            disabled={sending}
            onClick={form.back}
          >
            <Icon name="back" />
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={sending} data-testid="survey-next">
          <BusyLabel busy={sending} busyText={t("survey.submitting")}>
            {form.last ? t("survey.submit") : t("survey.next")}
          </BusyLabel>
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
