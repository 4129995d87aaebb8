import { type ConfigModel, textOf } from "./config-model.ts";
import { type TitledMessageState, titledMessageModel } from "./titled-message-config.ts";

/** A banner (spec §3 "Banner data"): a title and a rich body over the page's top, with buttons. */
export interface BannerConfigState extends TitledMessageState {
  /** `normal` pushes the page down; `floating` lies over it. */
  format: "normal" | "floating";
  /** A `#rrggbb` brand colour, or "" for the project's. */
  color: string;
}

export const bannerConfig: ConfigModel<BannerConfigState> = titledMessageModel<
  Pick<BannerConfigState, "format" | "color">
>({
  empty: { format: "normal", color: "" },
  read: (config) => ({
    format: config.format === "floating" ? "floating" : "normal",
    color: textOf(config.color),
  }),
  optional: (state) => ({ color: state.color }),
  written: (state) => ({ format: state.format }),
  rules: (state) => ({
    ...(state.color.trim() && !/^#[0-9a-f]{6}$/i.test(state.color.trim())
      ? { "config.color": "content.rule.color" }
      : {}),
  }),
});
