import type { ReactNode } from "react";
import { checklistStepActions } from "../../shared/guide-authoring-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { useActionTargets } from "./action-targets.ts";
import type { ChecklistStepState } from "./checklist-config.ts";
import { CheckboxField, TextField } from "./content-fields.tsx";
import { RichBodyField } from "./rich-body-field.tsx";

interface TextOptions {
  hint?: string;
  placeholder?: string;
  code?: boolean;
  list?: string;
}

type StepText =
  | "title"
  | "actionTitle"
  | "duration"
  | "botId"
  | "actionBody"
  | "formId"
  | "articleId"
  | "outboundId"
  | "sharedKey";

/**
 * Every field of one checklist step (spec §3 "Checklist", step): title, description, minutes, whether
 * visitors may tick it off, and its action with what that action needs: a bot, a custom action's name,
 * an address (and whether it opens in a new tab), a flow, an article, or another checklist.
 */
export function ChecklistStepFields({
  step,
  index,
  projectId,
  errorOf,
  setStep,
}: {
  step: ChecklistStepState;
  index: number;
  projectId: string;
  errorOf: (path: string, label: string) => string | null;
  setStep: (change: Partial<ChecklistStepState>) => void;
}) {
  const { t } = useT();
  const id = (name: string) => `checklist-step-${step.id}-${name}`;
  const text = (name: StepText, labelId: MessageId, options: TextOptions = {}) => {
    const label = t(labelId);
    return (
      <TextField
        id={id(name)}
        label={label}
        value={step[name]}
        error={errorOf(`config.steps.${index}.${name}`, label)}
        {...options}
        onChange={(value) => setStep({ [name]: value })}
      />
    );
  };

  return (
    <div className="guide-fields">
      {text("title", "content.field.stepTitle")}
      <RichBodyField
        id={id("description")}
        label={t("content.field.stepDescription")}
        value={step.description}
        projectId={projectId}
        error={errorOf(`config.steps.${index}.description`, t("content.field.stepDescription"))}
        onChange={(description) => setStep({ description })}
      />
      <div className="form-row">
        <SelectField
          id={id("action")}
          label={t("content.guide.action")}
          value={step.action}
          options={checklistStepActions.map((value) => ({ value, text: t(`content.guide.action.${value}`) }))}
          error={errorOf(`config.steps.${index}.action`, t("content.guide.action"))}
          onChange={(action) => setStep({ action })}
        />
        {step.action !== "none" &&
          text("actionTitle", "content.guide.actionTitle", { hint: t("content.guide.actionTitleHint") })}
      </div>
      <ActionTarget step={step} text={text} listId={id("targets")} />
      <ActionTargetList id={id("targets")} projectId={projectId} step={step} />
      {step.action === "REDIRECT_URL" && (
        <CheckboxField
          id={id("new-tab")}
          label={t("content.guide.newTab")}
          checked={step.actionOpenInNewTab}
          onChange={(actionOpenInNewTab) => setStep({ actionOpenInNewTab })}
        />
      )}
      <div className="form-row">
        {text("duration", "content.guide.duration", {
          hint: t("content.guide.durationHint"),
          placeholder: "2",
        })}
      </div>
      <CheckboxField
        id={id("done")}
        label={t("content.field.allowMarkDone")}
        checked={step.allowMarkDone}
        onChange={(allowMarkDone) => setStep({ allowMarkDone })}
      />
    </div>
  );
}

/** The project's bots, flows, articles or checklists the chosen action can open, as suggestions. */
function ActionTargetList({
  id,
  projectId,
  step,
}: {
  id: string;
  projectId: string;
  step: ChecklistStepState;
}) {
  const targets = useActionTargets(projectId, step.action);
  return (
    <datalist id={id}>
      {targets.map((target) => (
        <option key={target.value} value={target.value} label={target.label} />
      ))}
    </datalist>
  );
}

/** What the chosen action opens or runs. */
function ActionTarget({
  step,
  text,
  listId,
}: {
  listId: string;
  step: ChecklistStepState;
  text: (name: StepText, labelId: MessageId, options?: TextOptions) => ReactNode;
}) {
  const { t } = useT();
  switch (step.action) {
    case "BOT":
      return text("botId", "content.guide.botId", {
        hint: t("content.guide.botIdHint"),
        code: true,
        list: listId,
      });
    case "CUSTOM_ACTION":
      return text("actionBody", "content.guide.customAction", {
        hint: t("content.guide.customActionHint"),
        code: true,
      });
    case "REDIRECT_URL":
      return text("actionBody", "content.guide.redirectUrl", {
        hint: t("content.guide.redirectUrlHint"),
        placeholder: "https://",
      });
    case "FEEDBACK_FLOW":
      return text("formId", "content.guide.formId", {
        placeholder: "bugreporting",
        code: true,
        list: listId,
      });
    case "NEWS_ARTICLE":
    case "HELP_ARTICLE":
      return text("articleId", "content.guide.articleId", { code: true, list: listId });
    case "CHECKLIST":
      return (
        <div className="form-row">
          {text("outboundId", "content.guide.outboundId", { code: true, list: listId })}
          {text("sharedKey", "content.guide.sharedKey", {
            hint: t("content.guide.sharedKeyHint"),
            code: true,
          })}
        </div>
      );
    default:
      return null;
  }
}
