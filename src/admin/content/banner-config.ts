import { type ConfigModel, optionalKeys, textOf } from "./config-model.ts";
import { type ButtonState, buttonRules, readButtons, writeButtons } from "./outbound-buttons.ts";
import { type RichBody, readRichBody, richBodyIsEmpty, writtenRichBody } from "./rich-body.ts";

/** A banner (spec §3 "Banner data"): a title and a rich body over the page's top, with buttons. */
export interface BannerConfigState {
  title: string;
  body: RichBody;
  /** `normal` pushes the page down; `floating` lies over it. */
  format: "normal" | "floating";
  /** A `#rrggbb` brand colour, or "" for the project's. */
  color: string;
  showCloseButton: boolean;
  buttons: ButtonState[];
}

export const bannerConfig: ConfigModel<BannerConfigState> = {
  empty: { title: "", body: null, format: "normal", color: "", showCloseButton: true, buttons: [] },
  read: (config) => ({
    title: textOf(config.title),
    body: readRichBody(config.body),
    format: config.format === "floating" ? "floating" : "normal",
    color: textOf(config.color),
    showCloseButton: config.showCloseButton !== false,
    buttons: readButtons(config.buttons),
  }),
  write: (state, original) => ({
    ...original,
    ...optionalKeys({ title: state.title, color: state.color }),
    body: writtenRichBody(state.body),
    format: state.format,
    showCloseButton: state.showCloseButton,
    buttons: writeButtons(state.buttons),
  }),
  rules: (state) => ({
    ...(state.title.trim() === "" && richBodyIsEmpty(state.body)
      ? { "config.title": "title is required" }
      : {}),
    ...(state.color.trim() && !/^#[0-9a-f]{6}$/i.test(state.color.trim())
      ? { "config.color": "content.rule.color" }
      : {}),
    ...buttonRules(state.buttons),
  }),
};
