import { type ConfigModel, oneOfRequired, optionalKeys, textOf } from "./config-model.ts";
import { type ButtonState, buttonRules, readButtons, writeButtons } from "./outbound-buttons.ts";

/** A modal (spec §3 "Modal data"): a dialog with a title, an image, an HTML body and buttons. */
export interface ModalConfigState {
  title: string;
  body: string;
  imageUrl: string;
  showCloseButton: boolean;
  buttons: ButtonState[];
}

export const modalConfig: ConfigModel<ModalConfigState> = {
  empty: { title: "", body: "", imageUrl: "", showCloseButton: true, buttons: [] },
  read: (config) => ({
    title: textOf(config.title),
    body: textOf(config.body),
    imageUrl: textOf(config.imageUrl),
    showCloseButton: config.showCloseButton !== false,
    buttons: readButtons(config.buttons),
  }),
  write: (state, original) => ({
    ...original,
    ...optionalKeys({ title: state.title, body: state.body, imageUrl: state.imageUrl }),
    showCloseButton: state.showCloseButton,
    buttons: writeButtons(state.buttons),
  }),
  rules: (state) => ({
    ...oneOfRequired({ title: state.title, body: state.body }),
    ...(state.imageUrl.trim() && !/^https?:\/\/\S+$/i.test(state.imageUrl.trim())
      ? { "config.imageUrl": "content.rule.url" }
      : {}),
    // A modal without a close button and without buttons would trap the visitor until it times out.
    ...(!state.showCloseButton && state.buttons.length === 0
      ? { "config.showCloseButton": "content.rule.noWayOut" }
      : {}),
    ...buttonRules(state.buttons),
  }),
};
