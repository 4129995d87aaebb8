import type { SurveyQuestion } from "../../shared/surveys-api.ts";
import type { Translate } from "../shell/i18n.ts";
import { formatNumber } from "../shell/i18n.ts";
import { Icon } from "../shell/icons.tsx";
import { StarRating } from "../shell/star-rating.tsx";
import { type Answer, ratingScale } from "./survey-answers.ts";
import type { SurveyTextKey } from "./survey-texts.ts";

export interface QuestionProps {
  question: SurveyQuestion;
  answer: Answer | undefined;
  onAnswer(answer: Answer): void;
  t: Translate<SurveyTextKey>;
  lang: string;
  /** The id of the question's title, which names its group. */
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const npsScores = Array.from({ length: 11 }, (_, score) => score);

/** 0–10, "how likely are you to recommend us". */
function Nps({ question, answer, onAnswer, t, lang, labelId, describedBy, invalid }: QuestionProps) {
  return (
    <div className="nps">
      <div
        className="nps-scale"
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      >
        {npsScores.map((score) => (
          <label key={score} className={answer === score ? "nps-score nps-score--on" : "nps-score"}>
            <input
              type="radio"
              className="visually-hidden"
              name={question.id}
              value={score}
              checked={answer === score}
              onChange={() => onAnswer(score)}
            />
            <span>{formatNumber(lang, score)}</span>
          </label>
        ))}
      </div>
      <div className="nps-legend" aria-hidden="true">
        <span>{t("survey.npsLow")}</span>
        <span>{t("survey.npsHigh")}</span>
      </div>
    </div>
  );
}

/** Stars from 1 to the question's scale. */
function Rating({ question, answer, onAnswer, t, labelId, describedBy, invalid }: QuestionProps) {
  return (
    <StarRating
      name={question.id}
      count={ratingScale(question)}
      value={typeof answer === "number" ? answer : 0}
      onChange={onAnswer}
      size={34}
      className="stars stars--survey"
      labelledBy={labelId}
      describedBy={describedBy}
      invalid={invalid}
      starLabel={(star) => t("survey.stars", { count: star })}
    />
  );
}

/** One choice (radio cards) or several (check cards). */
function Choices({ question, answer, onAnswer, t, labelId, describedBy, invalid }: QuestionProps) {
  const multiple = question.type === "multiple";
  const chosen = multiple
    ? Array.isArray(answer)
      ? answer
      : []
    : typeof answer === "string"
      ? [answer]
      : [];
  const toggle = (option: string) => {
    if (!multiple) return onAnswer(option);
    onAnswer(chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option]);
  };
  const group = {
    "aria-labelledby": labelId,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  };
  return (
    <div className="choices" role={multiple ? "group" : "radiogroup"} {...group}>
      {multiple && <p className="choices-hint">{t("survey.multipleHint")}</p>}
      {(question.options ?? []).map((option) => {
        const on = chosen.includes(option);
        return (
          <label key={option} className={on ? "choice choice--on" : "choice"}>
            <input
              type={multiple ? "checkbox" : "radio"}
              className="visually-hidden"
              name={question.id}
              value={option}
              checked={on}
              onChange={() => toggle(option)}
            />
            <span className={multiple ? "choice-mark choice-mark--box" : "choice-mark"} aria-hidden="true">
              {on && <Icon name="check" size={14} />}
            </span>
            <span className="choice-text" dir="auto">
              {option}
            </span>
          </label>
        );
      })}
    </div>
  );
}

function Text({ question, answer, onAnswer, t, labelId, describedBy, invalid }: QuestionProps) {
  return (
    <textarea
      className="input survey-text"
      dir="auto"
      name={question.id}
      rows={4}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={question.required || undefined}
      placeholder={t("survey.textPlaceholder")}
      value={typeof answer === "string" ? answer : ""}
      onChange={(event) => onAnswer(event.target.value)}
    />
  );
}

export function QuestionInput(props: QuestionProps) {
  switch (props.question.type) {
    case "nps":
      return <Nps {...props} />;
    case "rating":
      return <Rating {...props} />;
    case "single":
    case "multiple":
      return <Choices {...props} />;
    default:
      return <Text {...props} />;
  }
}
