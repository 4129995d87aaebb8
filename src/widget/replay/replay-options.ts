import { blockSelectorWith, privacyOptions } from "./replay-privacy.ts";

/**
 * The replay recorder's options (spec §9 "Replay defaults"), the reference's exactly, plus our own
 * widget left out of the recording (the reference marks its elements `gl-block`; ours live in one
 * host element). A host's `setReplayOptions` merges over them; the keys the buffer depends on
 * (`emit`, the checkout settings) and the masking (replay-privacy.ts) stay ours.
 */
export const widgetRootSelector = "#gleap-widget-root";

export const replayDefaults = {
  inlineStylesheet: true,
  blockClass: "gl-block",
  blockSelector: widgetRootSelector,
  ignoreClass: "gl-ignore",
  maskTextClass: "gl-mask",
  dataURLOptions: { quality: 0.7 },
  recordCanvas: false,
  sampling: {
    scroll: 150,
    mouseInteraction: {
      MouseUp: false,
      MouseDown: false,
      Click: true,
      ContextMenu: true,
      DblClick: true,
      Focus: true,
      Blur: true,
      TouchStart: true,
      TouchEnd: false,
    },
  },
  collectFonts: false,
  recordCrossOriginIframes: false,
} as const;

export type ReplayOptions = Record<string, unknown>;

const reserved = new Set(["emit", "checkoutEveryNth", "checkoutEveryNms", "plugins", "hooks", "packFn"]);

/** The host's options with what the recorder must keep to itself left out. */
export function hostOptions(options: unknown): ReplayOptions {
  if (!options || typeof options !== "object" || Array.isArray(options)) return {};
  return Object.fromEntries(Object.entries(options).filter(([key]) => !reserved.has(key)));
}

/**
 * Defaults, then the host's options, then the privacy rule's (replay-privacy.ts), which a host can add
 * to but not loosen; a host's block selector adds to ours rather than replacing it.
 */
export function recorderOptions(custom: ReplayOptions): ReplayOptions {
  return {
    ...replayDefaults,
    ...custom,
    ...privacyOptions(custom),
    blockSelector: blockSelectorWith(widgetRootSelector, custom),
  };
}
