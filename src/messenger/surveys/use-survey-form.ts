import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Survey } from "../../shared/surveys-api.ts";
import { path, toApiError } from "../shell/api-client.ts";
import { useShell } from "../shell/shell-context.tsx";
import { type Answer, type Answers, advancesOnAnswer, answersRequest, canLeave } from "./survey-answers.ts";

/** A one-tap answer shows as chosen for this long before the next question slides in. */
export const autoAdvanceMs = 220;

export type SurveyPhase =
  | { name: "answering" }
  | { name: "sending" }
  | { name: "sent" }
  | { name: "already" }
  | { name: "failed"; message: string };

/** Moves focus to the question's title on each new step (not on the first). */
function useFocusOnStep(step: number) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new step, to focus its question
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    titleRef.current?.focus({ preventScroll: true });
  }, [step]);
  return titleRef;
}

/** Posts the answers (`POST /surveys/{id}/answers`); a 409 means answered before. */
function useSurveySubmit(survey: Survey, setPhase: (phase: SurveyPhase) => void) {
  const { api, queries } = useShell();
  return async (all: Answers) => {
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
  };
}

/**
 * A survey's answering, one question a step: the answers, the step, whether the visitor tried to go
 * on without a required answer, one-tap answers that move on by themselves, and sending.
 */
export function useSurveyForm(survey: Survey) {
  const [answers, setAnswers] = useState<Answers>({});
  const [step, setStep] = useState(0);
  const [tried, setTried] = useState(false);
  const [phase, setPhase] = useState<SurveyPhase>(
    survey.answered && !survey.allowMultipleAnswers ? { name: "already" } : { name: "answering" },
  );
  const advance = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const titleRef = useFocusOnStep(step);
  useEffect(() => () => clearTimeout(advance.current), []);
  const submit = useSurveySubmit(survey, setPhase);

  const total = survey.questions.length;
  const question = survey.questions[step];
  const last = step === total - 1;
  const answer = question ? answers[question.id] : undefined;

  const next = (all: Answers = answers) => {
    if (!question) return;
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
    if (!question) return;
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

  const back = () => {
    clearTimeout(advance.current);
    setTried(false);
    setStep(step - 1);
  };

  return {
    phase,
    step,
    total,
    question,
    last,
    answer,
    missing: question !== undefined && tried && !canLeave(question, answer),
    titleRef,
    onAnswer,
    onSubmit,
    back,
  };
}
