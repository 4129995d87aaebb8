import type { FieldErrors } from "../shell/form/form-errors.ts";
import { type ConfigModel, optionalKeys, textOf } from "./config-model.ts";
import { type ButtonState, buttonRules, readButtons, writeButtons } from "./outbound-buttons.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/** What a banner and a modal both are: a title and a rich body, a close button, and buttons. */
export interface TitledMessageState {
  title: string;
  body: RichBody;
  showCloseButton: boolean;
  buttons: ButtonState[];
}

/**
 * The config model of a kind that is a titled message with values of its own (`E`). Those sit between
 * the body and the close button, where each kind's config has always kept them, so a written config
 * keeps its key order; the kind's optional texts follow the title.
 */
export function titledMessageModel<E extends object>(kind: {
  empty: E;
  read: (config: Record<string, unknown>) => E;
  /** The kind's texts stored only while they say something. */
  optional: (state: TitledMessageState & E) => Record<string, string>;
  written?: (state: TitledMessageState & E) => Record<string, unknown>;
  /** The kind's rules, checked after the title's and before the buttons'. */
  rules: (state: TitledMessageState & E) => FieldErrors;
}): ConfigModel<TitledMessageState & E> {
  return {
    empty: { title: "", body: null, ...kind.empty, showCloseButton: true, buttons: [] },
    read: (config) => ({
      title: textOf(config.title),
      body: readRichBody(config.body),
      ...kind.read(config),
      showCloseButton: config.showCloseButton !== false,
      buttons: readButtons(config.buttons),
    }),
    write: (state, original) => ({
      ...original,
      ...optionalKeys({ title: state.title, ...kind.optional(state) }),
      body: writtenRichBody(state.body),
      ...kind.written?.(state),
      showCloseButton: state.showCloseButton,
      buttons: writeButtons(state.buttons),
    }),
    rules: (state) => ({
      ...(state.title.trim() === "" && richBodyIsEmpty(state.body)
        ? { "config.title": "title is required" }
        : {}),
      ...kind.rules(state),
      ...buttonRules(state.buttons),
    }),
  };
}
