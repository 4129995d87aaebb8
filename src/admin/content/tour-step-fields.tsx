import type { TourStepMode, TourStepType, TourType } from "../../shared/guide-authoring-api.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { TextField } from "./content-fields.tsx";
import { RichBodyField } from "./rich-body-field.tsx";
import type { TourStepState } from "./tour-config.ts";

type ErrorOf = (path: string, label: string) => string | null;

/** How a step goes on (next, a click, an input) and its look; the co-pilot has no looks. */
function StepModeFields({
  step,
  copilot,
  id,
  path,
  errorOf,
  setStep,
}: {
  step: TourStepState;
  copilot: boolean;
  id: (name: string) => string;
  path: (name: string) => string;
  errorOf: ErrorOf;
  setStep: (change: Partial<TourStepState>) => void;
}) {
  const { t } = useT();
  const modes: { value: TourStepMode; text: string }[] = [
    { value: "", text: t(copilot ? "content.guide.step.mode.nextCopilot" : "content.guide.step.mode.next") },
    {
      value: "CLICK",
      text: t(copilot ? "content.guide.step.mode.clickCopilot" : "content.guide.step.mode.click"),
    },
    { value: "INPUT", text: t("content.guide.step.mode.input") },
  ];
  const looks: { value: TourStepType; text: string }[] = [
    { value: "", text: t("content.guide.step.type.plain") },
    { value: "post", text: t("content.guide.step.type.post") },
    { value: "video-pointer", text: t("content.guide.step.type.video") },
  ];
  return (
    <div className="form-row">
      <SelectField
        id={id("mode")}
        label={t("content.guide.step.mode")}
        value={step.mode}
        options={modes}
        error={errorOf(path("mode"), t("content.guide.step.mode"))}
        onChange={(mode) => setStep({ mode })}
      />
      {!copilot && (
        <SelectField
          id={id("type")}
          label={t("content.guide.step.type")}
          value={step.type}
          options={looks}
          onChange={(type) => setStep({ type })}
        />
      )}
    </div>
  );
}

/**
 * Every field of one tour step (spec §3 "Tour step"), as the widget reads them: element, how it goes
 * on, look, title and message; a video for the video look; for the co-pilot its voice and whether it
 * types an input step's text itself. Fields that do not apply to the step's mode or the tour's type are
 * not shown (and not stored, tour-config.ts).
 */
export function TourStepFields({
  step,
  index,
  tourType,
  projectId,
  errorOf,
  setStep,
}: {
  step: TourStepState;
  index: number;
  tourType: TourType;
  projectId: string;
  errorOf: ErrorOf;
  setStep: (change: Partial<TourStepState>) => void;
}) {
  const { t } = useT();
  const copilot = tourType === "cobrowse";
  const id = (name: string) => `tour-step-${index}-${name}`;
  const path = (name: string) => `config.steps.${index}.${name}`;
  const text = (
    name: "title" | "videoUrl" | "inputValue" | "voice",
    options: { hint?: string; placeholder?: string } = {},
  ) => {
    const label = t(`content.guide.step.${name}`);
    return (
      <TextField
        id={id(name)}
        label={label}
        value={step[name]}
        error={errorOf(path(name), label)}
        {...options}
        onChange={(value) => setStep({ [name]: value })}
      />
    );
  };
  return (
    <div className="guide-fields">
      <TextField
        id={id("selector")}
        label={t("content.field.selector")}
        value={step.selector}
        placeholder='[data-gleap-tour="save"]'
        hint={t("content.guide.step.selectorHint")}
        code
        error={errorOf(path("selector"), t("content.field.selector"))}
        onChange={(selector) => setStep({ selector })}
      />
      <StepModeFields step={step} copilot={copilot} id={id} path={path} errorOf={errorOf} setStep={setStep} />
      {copilot && step.mode === "INPUT" && (
        <>
          <SelectField
            id={id("input-type")}
            label={t("content.guide.step.inputType")}
            value={step.inputType}
            options={(["default", "auto"] as const).map((value) => ({
              value,
              text: t(`content.guide.step.inputType.${value}`),
            }))}
            error={errorOf(path("inputType"), t("content.guide.step.inputType"))}
            onChange={(inputType) => setStep({ inputType })}
          />
          {step.inputType === "auto" && text("inputValue")}
        </>
      )}
      {!copilot && text("title")}
      <RichBodyField
        id={id("message")}
        label={t("content.guide.step.message")}
        value={step.message}
        projectId={projectId}
        error={errorOf(path("message"), t("content.guide.step.message"))}
        onChange={(message) => setStep({ message })}
      />
      {!copilot && step.type === "video-pointer" && text("videoUrl", { placeholder: "https://" })}
      {copilot && text("voice", { placeholder: "https://", hint: t("content.guide.step.voiceHint") })}
    </div>
  );
}
