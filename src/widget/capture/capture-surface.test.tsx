import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import type { CaptureAnswer } from "../common/capture-data.ts";
import { createChunkContext } from "../common/chunk-context-test-support.ts";
import { type CaptureSurface, createCaptureSurface } from "./capture-surface.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Context = ReturnType<typeof createChunkContext>;

let surface: CaptureSurface | null = null;
afterEach(() => {
  act(() => surface?.destroy());
  surface = null;
  document.body.innerHTML = "";
});

function start(type: string, options?: unknown, configure: (context: Context) => void = () => undefined) {
  const context = createChunkContext();
  configure(context);
  document.body.insertAdjacentHTML(
    "beforeend",
    '<main><h1>Acme</h1><input id="card" class="gl-mask"></main>',
  );
  const current = createCaptureSurface(context, {
    captureImage: async () => "data:image/jpeg;base64,PICTURE",
    thumbnail: async () => "data:image/jpeg;base64,THUMB",
  });
  surface = current;
  act(() => current.start(type, options));
  const editor = () => context.root.querySelector<HTMLElement>("[data-testid=capture-editor]");
  const byTestId = (id: string) => context.root.querySelector<HTMLElement>(`[data-testid=${id}]`);
  return { context, surface: current, editor, byTestId };
}

const key = (name: string, init: KeyboardEventInit = {}) =>
  act(() => {
    document.dispatchEvent(
      new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true, ...init }),
    );
  });

const pointer = (target: Element, type: string, x: number, y: number) =>
  act(() => {
    target.dispatchEvent(
      new PointerEvent(type, { clientX: x, clientY: y, bubbles: true, button: 0, pointerId: 1 }),
    );
  });

async function drawRect(canvas: Element, from: [number, number], to: [number, number]) {
  pointer(canvas, "pointerdown", ...from);
  pointer(canvas, "pointermove", ...to);
  pointer(canvas, "pointerup", ...to);
}

const settle = async (ms = 60) => {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
};

describe("the capture editor", () => {
  test("opens in the shadow root, hides the widget and the launcher, in the project's language", () => {
    const { context, editor, byTestId } = start("screenshot", undefined, (c) => {
      c.host.state.language = "de-de";
    });
    expect(editor()).not.toBeNull();
    expect(editor()?.getAttribute("dir")).toBe("ltr");
    expect(context.host.commands).toEqual([
      { name: "hide", args: [] },
      { name: "showFeedbackButton", args: [false] },
    ]);
    expect(byTestId("capture-next")?.textContent).toBe("Weiter");
    expect(byTestId("capture-undo")?.getAttribute("aria-label")).toBe("Rückgängig");
    // Screenshot mode: no recording controls, no pointer.
    expect(byTestId("capture-record")).toBeNull();
    expect(byTestId("capture-tool-pointer")).toBeNull();
    expect(byTestId("capture-tool-rect")?.getAttribute("aria-pressed")).toBe("true");
  });

  test("right to left when the project says so; static translations override the words", () => {
    const { editor, byTestId } = start("screenshot", undefined, (c) => {
      c.host.state.flowConfig = {
        ...defaultFlowConfig,
        localizationOptions: { language: "ar", rtl: true },
        staticTranslations: { next: "التالي" },
      };
    });
    expect(editor()?.getAttribute("dir")).toBe("rtl");
    expect(byTestId("capture-next")?.textContent).toBe("التالي");
  });

  test("an Arabic visitor gets the editor mirrored and in Arabic, without the project's rtl option", () => {
    const { editor, byTestId } = start("screenshot", undefined, (c) => {
      c.host.state.language = "ar-eg";
    });
    expect(editor()?.getAttribute("dir")).toBe("rtl");
    expect(byTestId("capture-next")?.textContent).toBe("التالي");
    expect(byTestId("capture-undo")?.getAttribute("aria-label")).toBe("تراجع");
    expect(byTestId("capture-tool-rect")?.getAttribute("aria-label")).toBe("مستطيل");
  });

  test("draws a rectangle, picks a colour, undoes", async () => {
    const { editor, byTestId } = start("screenshot");
    const canvas = byTestId("capture-canvas") as Element;
    await drawRect(canvas, [10, 10], [120, 80]);
    expect(canvas.querySelectorAll("rect")).toHaveLength(1);
    expect(canvas.querySelector("rect")?.getAttribute("stroke")).toBe("#EB144C");
    act(() => byTestId("capture-color")?.click());
    const swatches = byTestId("capture-colors")?.querySelectorAll("button") ?? [];
    expect(swatches).toHaveLength(7);
    act(() => (swatches[5] as HTMLElement).click());
    act(() => byTestId("capture-tool-pen")?.click());
    pointer(canvas, "pointerdown", 20, 20);
    pointer(canvas, "pointermove", 30, 30);
    pointer(canvas, "pointermove", 40, 40);
    pointer(canvas, "pointerup", 40, 40);
    expect(canvas.querySelector("path")?.getAttribute("stroke")).toBe("#0A93E4AA");
    act(() => byTestId("capture-undo")?.click());
    expect(canvas.querySelectorAll("path")).toHaveLength(0);
    expect(canvas.querySelectorAll("rect")).toHaveLength(1);
    expect(editor()).not.toBeNull();
  });

  test("Escape dismisses: the editor closes, the widget and the launcher come back, nothing is kept", async () => {
    const { context, editor } = start("screenshot");
    key("Escape");
    expect(editor()).toBeNull();
    expect(context.host.commands.slice(2)).toEqual([
      { name: "showFeedbackButton", args: [true] },
      { name: "open", args: [] },
    ]);
    expect(await surface?.captureData()).toBeNull();
  });

  test("Enter finishes a screenshot: the page snapshot with the drawing is kept, the frame is told once open", async () => {
    const { context, editor, byTestId } = start("screenshot");
    (document.getElementById("card") as HTMLInputElement).value = "4111";
    await drawRect(byTestId("capture-canvas") as Element, [10, 20], [110, 70]);
    key("Enter");
    expect(byTestId("capture-next")?.hasAttribute("disabled")).toBe(true);
    await settle();
    expect(editor()).toBeNull();
    expect(context.host.commands.map((command) => command.name)).toEqual([
      "hide",
      "showFeedbackButton",
      "showFeedbackButton",
      "open",
    ]);
    // The frame hears of it once the widget is open.
    context.host.state.opened = true;
    await settle(250);
    const formData = context.host.commands.filter((command) => command.name === "setFormData");
    expect(formData).toEqual([
      { name: "setFormData", args: ["capture", { value: "screenshot", dirty: true }] },
      {
        name: "setFormData",
        args: ["capture", { value: "screenshot", dirty: true, preview: "data:image/jpeg;base64,THUMB" }],
      },
    ]);
    const answer = (await surface?.captureData()) as Extract<CaptureAnswer, { ok: true }>;
    expect(answer.ok).toBe(true);
    expect(answer.type).toBe("screenshot");
    expect(answer.screenshotData?.image).toBe("data:image/jpeg;base64,PICTURE");
    const html = answer.screenshotData?.html ?? "";
    expect(html).toContain("<h1>Acme</h1>");
    expect(html).toContain('value="****"');
    expect(html).toContain('class="gl-capture-drawings"');
    expect(html).toContain('stroke="#EB144C"');
    // The editor itself is not in the snapshot.
    expect(html).not.toContain("capture-editor");
  });

  test("clearCapture forgets the capture; a new flow does too, unless the capture was made for it (Ctrl+U)", async () => {
    const first = start("screenshot");
    key("Enter");
    await settle();
    act(() => surface?.clear());
    expect(await surface?.captureData()).toBeNull();

    act(() => surface?.start("screenshot"));
    key("Enter");
    await settle();
    first.context.events.emit("flow-started");
    expect(await surface?.captureData()).toBeNull();

    act(() => surface?.start("screenshot", { autostart: true }));
    key("Enter");
    await settle();
    first.context.events.emit("flow-started");
    expect((await surface?.captureData())?.ok).toBe(true);
    first.context.events.emit("flow-started");
    expect(await surface?.captureData()).toBeNull();
  });

  test("a snapshot that fails is answered as a failure, so the report is not sent", async () => {
    start("screenshot");
    const original = document.implementation.createHTMLDocument;
    document.implementation.createHTMLDocument = () => {
      throw new Error("no inert document");
    };
    try {
      key("Enter");
      await settle();
    } finally {
      document.implementation.createHTMLDocument = original;
    }
    expect(await surface?.captureData()).toEqual({ ok: false, error: "no inert document" });
  });

  test("recording mode: record and microphone toggles, the 2:00 countdown, tools off until recording, no Next", () => {
    const { byTestId, editor } = start("capture");
    expect(byTestId("capture-timer")?.textContent).toBe("2:00");
    expect(byTestId("capture-next")).toBeNull();
    expect(byTestId("capture-tool-pointer")).not.toBeNull();
    expect(byTestId("capture-tool-rect")?.hasAttribute("disabled")).toBe(true);
    expect(editor()?.getAttribute("data-drawing-enabled")).toBe("false");
    // happy-dom has no screen sharing: the browser cannot record, and says so.
    expect(byTestId("capture-record")?.hasAttribute("disabled")).toBe(true);
    expect(byTestId("capture-record")?.getAttribute("aria-label")).toBe(
      "Your browser does not support this.",
    );
    key("Enter");
    expect(editor()).not.toBeNull();
    key("Escape");
    expect(editor()).toBeNull();
  });
});
