import { type ConfigModel, textOf } from "./config-model.ts";
import { type TitledMessageState, titledMessageModel } from "./titled-message-config.ts";

/** A modal (spec §3 "Modal data"): a dialog with a title, an image, a rich body and buttons. */
export interface ModalConfigState extends TitledMessageState {
  imageUrl: string;
}

export const modalConfig: ConfigModel<ModalConfigState> = titledMessageModel<
  Pick<ModalConfigState, "imageUrl">
>({
  empty: { imageUrl: "" },
  read: (config) => ({ imageUrl: textOf(config.imageUrl) }),
  optional: (state) => ({ imageUrl: state.imageUrl }),
  rules: (state) => ({
    ...(state.imageUrl.trim() && !/^https?:\/\/\S+$/i.test(state.imageUrl.trim())
      ? { "config.imageUrl": "content.rule.url" }
      : {}),
    // A modal without a close button and without buttons would trap the visitor until it times out.
    ...(!state.showCloseButton && state.buttons.length === 0
      ? { "config.showCloseButton": "content.rule.noWayOut" }
      : {}),
  }),
});
