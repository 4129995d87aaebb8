import { describe, expect, test } from "bun:test";
import { createChunkContext } from "../common/chunk-context-test-support.ts";
import { createCaptureHooks } from "./capture-hooks.ts";

describe("the messenger's capture hooks", () => {
  test("a drawing starts the capture surface with the frame's type (a screenshot unless it asks to record)", () => {
    const context = createChunkContext();
    const hooks = createCaptureHooks(context);
    hooks.startDrawing("screenshot");
    hooks.startDrawing("capture");
    hooks.startDrawing("something else");
    expect(context.host.commands).toEqual([
      { name: "startScreenCapture", args: ["screenshot"] },
      { name: "startScreenCapture", args: ["capture"] },
      { name: "startScreenCapture", args: ["screenshot"] },
    ]);
  });

  test("Ctrl+U draws a screenshot for the flow that has not started yet, and does not open the panel", () => {
    const context = createChunkContext();
    let opened = false;
    createCaptureHooks(context).autostartDrawing(() => {
      opened = true;
    });
    expect(opened).toBe(false);
    expect(context.host.commands).toEqual([
      { name: "startScreenCapture", args: ["screenshot", { autostart: true }] },
    ]);
  });

  test("cleanup-drawings forgets the capture; hiding the widget leaves an open editor alone", () => {
    const context = createChunkContext();
    const hooks = createCaptureHooks(context);
    hooks.widgetHidden();
    hooks.cleanupDrawings();
    expect(context.host.commands).toEqual([{ name: "clearCapture", args: [] }]);
  });
});
