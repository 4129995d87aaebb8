import type { FieldErrors } from "../shell/form/form-errors.ts";
import { isRecord, textOf } from "./config-model.ts";

/**
 * The buttons of a banner or modal: the actions an admin sets up here (the frames know more: forms,
 * articles, checklists, which stored content keeps). The banner and modal frames show at most three.
 */
export const editableButtonActions = [
  "close",
  "open-url",
  "start-conversation",
  "start-custom-action",
] as const;
export type EditableButtonAction = (typeof editableButtonActions)[number];

export const maxButtons = 3;

export interface ButtonState {
  text: string;
  action: EditableButtonAction | string;
  /** The URL (open-url), custom action name (start-custom-action) or bot id (start-conversation). */
  target: string;
  style: "primary" | "secondary";
  /** The stored button as it was, so fields this editor does not show are kept. */
  original: Record<string, unknown>;
}

/** Which stored key an action's target is. */
const targetKey: Record<string, string> = {
  "open-url": "url",
  "start-custom-action": "customAction",
  "start-conversation": "botId",
};

export const newButton = (): ButtonState => ({
  text: "",
  action: "close",
  target: "",
  style: "primary",
  original: {},
});

export function readButtons(value: unknown): ButtonState[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((button) => {
    const action = textOf(button.action) || "close";
    const key = targetKey[action];
    return {
      text: textOf(button.text),
      action,
      target: key ? textOf(button[key]) : "",
      style: button.style === "secondary" ? "secondary" : "primary",
      original: button,
    };
  });
}

export function writeButtons(buttons: readonly ButtonState[]): Array<Record<string, unknown>> {
  return buttons.map((button) => {
    const written: Record<string, unknown> = {
      ...button.original,
      text: button.text,
      action: button.action,
      style: button.style,
    };
    for (const key of Object.values(targetKey)) delete written[key];
    const key = targetKey[button.action];
    if (key && button.target.trim()) written[key] = button.target.trim();
    return written;
  });
}

/**
 * A button needs a label; an open-url button a web address (or a path of the site), a custom action its
 * name. Messages are "{field} is required" or an id of the area's catalogue, which `ruleMessage` reads.
 */
export function buttonRules(buttons: readonly ButtonState[]): FieldErrors {
  const errors: FieldErrors = {};
  buttons.forEach((button, index) => {
    const path = `config.buttons.${index}`;
    if (!button.text.trim()) errors[`${path}.text`] = "text is required";
    if (button.action === "open-url" && !/^(https?:\/\/|\/)\S*$/i.test(button.target.trim()))
      errors[`${path}.target`] = button.target.trim() ? "content.rule.url" : "target is required";
    if (button.action === "start-custom-action" && !button.target.trim())
      errors[`${path}.target`] = "target is required";
  });
  return errors;
}
