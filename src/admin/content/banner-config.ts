import { type ConfigModel, oneOfRequired, optionalKeys, textOf } from "./config-model.ts";
import { type ButtonState, buttonRules, readButtons, writeButtons } from "./outbound-buttons.ts";

/** A banner (spec §3 "Banner data"): a title and an HTML body over the page's top, with buttons. */
export interface BannerConfigState {
  title: string;
  body: string;
  /** `normal` pushes the page down; `floating` lies over it. */
  format: "normal" | "floating";
  /** A `#rrggbb` brand colour, or "" for the project's. */
  color: string;
  showCloseButton: boolean;
  buttons: ButtonState[];
}

export const bannerConfig: ConfigModel<BannerConfigState> = {
  empty: { title: "", body: "", format: "normal", color: "", showCloseButton: true, buttons: [] },
  read: (config) => ({
    title: textOf(config.title),
    body: textOf(config.body),
    format: config.format === "floating" ? "floating" : "normal",
    color: textOf(config.color),
    showCloseButton: config.showCloseButton !== false,
    buttons: readButtons(config.buttons),
  }),
  write: (state, original) => ({
    ...original,
    ...optionalKeys({ title: state.title, body: state.body, color: state.color }),
    format: state.format,
    showCloseButton: state.showCloseButton,
    buttons: writeButtons(state.buttons),
  }),
  rules: (state) => ({
    ...oneOfRequired({ title: state.title, body: state.body }),
    ...(state.color.trim() && !/^#[0-9a-f]{6}$/i.test(state.color.trim())
      ? { "config.color": "content.rule.color" }
      : {}),
    ...buttonRules(state.buttons),
  }),
};
