import { describe, expect, test } from "bun:test";
import { hostOptions, recorderOptions, replayDefaults } from "./replay-options.ts";

describe("replay options", () => {
  test("the reference's defaults", () => {
    expect(replayDefaults).toMatchObject({
      blockClass: "gl-block",
      ignoreClass: "gl-ignore",
      maskTextClass: "gl-mask",
      dataURLOptions: { quality: 0.7 },
      recordCanvas: false,
      collectFonts: false,
      recordCrossOriginIframes: false,
      sampling: { scroll: 150 },
    });
    expect(replayDefaults.sampling.mouseInteraction).toEqual({
      MouseUp: false,
      MouseDown: false,
      Click: true,
      ContextMenu: true,
      DblClick: true,
      Focus: true,
      Blur: true,
      TouchStart: true,
      TouchEnd: false,
    });
  });

  test("a host's options win, except the recorder's own keys; its block selector adds to ours", () => {
    const custom = hostOptions({
      maskAllInputs: true,
      recordCanvas: true,
      emit: () => {},
      checkoutEveryNms: 1,
      blockSelector: ".secret",
    });
    expect(custom).toEqual({ maskAllInputs: true, recordCanvas: true, blockSelector: ".secret" });
    const options = recorderOptions(custom);
    // maskAllInputs is folded into the privacy rule's maskInputFn (replay-privacy.test.ts).
    expect(options).toMatchObject({ maskAllInputs: false, recordCanvas: true, blockClass: "gl-block" });
    expect(options.blockSelector).toBe("#gleap-widget-root, .gl-block, .secret");
    expect(recorderOptions({}).blockSelector).toBe("#gleap-widget-root, .gl-block");
  });

  test("anything but an object is no options", () => {
    expect(hostOptions(null)).toEqual({});
    expect(hostOptions([1])).toEqual({});
    expect(hostOptions("x")).toEqual({});
  });
});
