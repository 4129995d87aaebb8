import { describe, expect, test } from "bun:test";
import {
  canUndo,
  drawingColors,
  drawingEnabled,
  type EditorAction,
  type EditorState,
  editorReducer,
  formatCountdown,
  initialEditorState,
  keyCommand,
  pageReachable,
} from "./editor-state.ts";

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const drag = (from: [number, number], to: [number, number]): EditorAction[] => [
  { type: "pointerDown", point: { x: from[0], y: from[1] } },
  { type: "pointerMove", point: { x: (from[0] + to[0]) / 2, y: (from[1] + to[1]) / 2 } },
  { type: "pointerMove", point: { x: to[0], y: to[1] } },
  { type: "pointerUp" },
];

describe("tools and colours", () => {
  test("a screenshot starts with the rectangle in the first of the seven colours", () => {
    const state = initialEditorState("screenshot");
    expect(state.tool).toBe("rect");
    expect(state.color).toBe("#EB144C");
    expect(drawingColors).toEqual([
      "#EB144C",
      "#FF6705",
      "#FDB903",
      "#9900EE",
      "#00D082",
      "#0A93E4",
      "#CCCCCC",
    ]);
  });

  test("a rectangle is drawn from any corner, 6 wide, in the chosen colour", () => {
    const state = run(
      initialEditorState("screenshot"),
      { type: "color", color: "#0A93E4" },
      ...drag([200, 150], [50, 40]),
    );
    expect(state.shapes).toEqual([
      expect.objectContaining({ kind: "rect", x: 50, y: 40, w: 150, h: 110, width: 6, color: "#0A93E4" }),
    ]);
    expect(state.active).toBeNull();
  });

  test("a click without a drag leaves no rectangle", () => {
    const state = run(
      initialEditorState("screenshot"),
      { type: "pointerDown", point: { x: 5, y: 5 } },
      { type: "pointerUp" },
    );
    expect(state.shapes).toEqual([]);
  });

  test("the pen is 12 wide with alpha AA; the blur is 40 wide and black, whatever the colour", () => {
    let state = run(
      initialEditorState("screenshot"),
      { type: "tool", tool: "pen" },
      { type: "color", color: "#00D082" },
      ...drag([0, 0], [40, 40]),
    );
    state = run(state, { type: "tool", tool: "blur" }, ...drag([10, 10], [90, 10]));
    const [pen, blur] = state.shapes;
    expect(pen).toMatchObject({ kind: "path", tool: "pen", width: 12, color: "#00D082AA" });
    expect(blur).toMatchObject({ kind: "path", tool: "blur", width: 40, color: "#000000" });
    expect(pen?.kind === "path" && pen.stroke.d.startsWith("M0 0 L")).toBe(true);
  });

  test("only the seven colours can be chosen; choosing one closes the picker", () => {
    let state = run(initialEditorState("screenshot"), { type: "togglePicker" });
    expect(state.pickerOpen).toBe(true);
    state = run(state, { type: "color", color: "#123456" });
    expect(state.color).toBe("#EB144C");
    expect(state.pickerOpen).toBe(true);
    state = run(state, { type: "color", color: "#FDB903" });
    expect(state).toMatchObject({ color: "#FDB903", pickerOpen: false });
  });

  test("the pointer tool exists only when recording the screen", () => {
    expect(run(initialEditorState("screenshot"), { type: "tool", tool: "pointer" }).tool).toBe("rect");
  });
});

describe("undo", () => {
  test("removes the last shape, and is not offered without one", () => {
    let state = initialEditorState("screenshot");
    expect(canUndo(state)).toBe(false);
    state = run(state, ...drag([0, 0], [10, 10]), { type: "tool", tool: "pen" }, ...drag([0, 0], [30, 30]));
    expect(state.shapes.map((shape) => shape.kind)).toEqual(["rect", "path"]);
    state = run(state, { type: "undo" });
    expect(state.shapes.map((shape) => shape.kind)).toEqual(["rect"]);
    state = run(state, { type: "undo" }, { type: "undo" });
    expect(state.shapes).toEqual([]);
  });
});

describe("screen recording", () => {
  test("drawing works only while recording; recording switches to the pointer", () => {
    let state = initialEditorState("capture");
    expect(drawingEnabled(state)).toBe(false);
    state = run(state, ...drag([0, 0], [50, 50]), { type: "tool", tool: "pen" }, { type: "togglePicker" });
    expect(state).toMatchObject({ shapes: [], tool: "rect", pickerOpen: false });
    state = run(state, { type: "recording", phase: "recording" });
    expect(state.tool).toBe("pointer");
    // The pointer draws nothing: the page underneath is used.
    state = run(state, ...drag([0, 0], [50, 50]));
    expect(state.shapes).toEqual([]);
    state = run(state, { type: "tool", tool: "rect" }, ...drag([0, 0], [50, 50]));
    expect(state.shapes).toHaveLength(1);
  });

  test("the page is reachable through the overlay only in pointer mode of a running recording", () => {
    expect(pageReachable(initialEditorState("screenshot"))).toBe(false);
    let state = initialEditorState("capture");
    expect(pageReachable(state)).toBe(false);
    state = run(state, { type: "recording", phase: "recording" });
    expect(pageReachable(state)).toBe(true);
    expect(pageReachable(run(state, { type: "tool", tool: "pen" }))).toBe(false);
    expect(pageReachable(run(state, { type: "recording", phase: "stopped" }))).toBe(false);
    expect(pageReachable(run(state, { type: "finishing", finishing: true }))).toBe(false);
  });

  test("in pointer mode of a recording the keys are the page's: neither Escape nor Ctrl+Z acts", () => {
    const recording = run(
      initialEditorState("capture"),
      { type: "recording", phase: "recording" },
      { type: "tool", tool: "rect" },
      ...drag([0, 0], [50, 50]),
      { type: "tool", tool: "pointer" },
    );
    expect(keyCommand(recording, { key: "Escape" })).toBeNull();
    expect(keyCommand(recording, { key: "z", ctrlKey: true })).toBeNull();
    const drawing = run(recording, { type: "tool", tool: "pen" });
    expect(keyCommand(drawing, { key: "z", ctrlKey: true })).toBe("undo");
  });

  test("Retry clears the preview and the drawings", () => {
    let state = run(
      initialEditorState("capture"),
      { type: "recording", phase: "recording" },
      { type: "tool", tool: "rect" },
      ...drag([0, 0], [50, 50]),
      { type: "tick", elapsed: 12 },
      { type: "recording", phase: "stopped" },
    );
    expect(state.shapes).toHaveLength(1);
    state = run(state, { type: "retry" });
    expect(state).toMatchObject({ recording: "idle", shapes: [], elapsed: 0, tool: "rect" });
  });

  test("the countdown shows 2:00 and counts down as m:ss", () => {
    expect(formatCountdown(120)).toBe("2:00");
    expect(formatCountdown(119)).toBe("1:59");
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(9.2)).toBe("0:10");
    expect(formatCountdown(-3)).toBe("0:00");
  });

  test("upload progress stays within 0..1", () => {
    const state = initialEditorState("capture");
    expect(run(state, { type: "upload", progress: 1.4 }).uploadProgress).toBe(1);
    expect(run(state, { type: "upload", progress: -1 }).uploadProgress).toBe(0);
  });
});

describe("keys", () => {
  test("Escape dismisses, Enter proceeds only in screenshot mode", () => {
    const screenshot = initialEditorState("screenshot");
    const capture = initialEditorState("capture");
    expect(keyCommand(screenshot, { key: "Escape" })).toBe("dismiss");
    expect(keyCommand(screenshot, { key: "Enter" })).toBe("next");
    expect(keyCommand(capture, { key: "Escape" })).toBe("dismiss");
    expect(keyCommand(capture, { key: "Enter" })).toBeNull();
    expect(keyCommand(screenshot, { key: "a" })).toBeNull();
  });

  test("Escape closes an open colour picker first; Ctrl+Z undoes when there is something to undo", () => {
    const picker = run(initialEditorState("screenshot"), { type: "togglePicker" });
    expect(keyCommand(picker, { key: "Escape" })).toBe("closePicker");
    const drawn = run(initialEditorState("screenshot"), ...drag([0, 0], [20, 20]));
    expect(keyCommand(drawn, { key: "z", ctrlKey: true })).toBe("undo");
    expect(keyCommand(drawn, { key: "z", metaKey: true })).toBe("undo");
    expect(keyCommand(initialEditorState("screenshot"), { key: "z", ctrlKey: true })).toBeNull();
  });

  test("no key acts while the capture is being finished", () => {
    const finishing = run(initialEditorState("screenshot"), { type: "finishing", finishing: true });
    expect(keyCommand(finishing, { key: "Escape" })).toBeNull();
    expect(keyCommand(finishing, { key: "Enter" })).toBeNull();
    expect(drawingEnabled(finishing)).toBe(false);
  });
});
