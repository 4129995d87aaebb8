import { type ConfigModel, optionalKeys, textOf } from "./config-model.ts";
import { type ButtonState, buttonRules, readButtons, writeButtons } from "./outbound-buttons.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/** A modal (spec §3 "Modal data"): a dialog with a title, an image, a rich body and buttons. */
export interface ModalConfigState {
  title: string;
  body: RichBody;
  imageUrl: string;
  showCloseButton: boolean;
  buttons: ButtonState[];
}

export const modalConfig: ConfigModel<ModalConfigState> = {
  empty: { title: "", body: null, imageUrl: "", showCloseButton: true, buttons: [] },
  read: (config) => ({
    title: textOf(config.title),
    body: readRichBody(config.body),
    imageUrl: textOf(config.imageUrl),
    showCloseButton: config.showCloseButton !== false,
    buttons: readButtons(config.buttons),
  }),
  write: (state, original) => ({
    ...original,
    ...optionalKeys({ title: state.title, imageUrl: state.imageUrl }),
    body: writtenRichBody(state.body),
    showCloseButton: state.showCloseButton,
    buttons: writeButtons(state.buttons),
  }),
  rules: (state) => ({
    ...(state.title.trim() === "" && richBodyIsEmpty(state.body)
      ? { "config.title": "title is required" }
      : {}),
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
