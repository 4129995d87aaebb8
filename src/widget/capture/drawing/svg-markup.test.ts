import { describe, expect, test } from "bun:test";
import { type EditorAction, editorReducer, initialEditorState } from "./editor-state.ts";
import { drawingMarkup } from "./svg-markup.ts";

describe("the drawings as SVG", () => {
  test("rectangles and strokes keep their colours and widths, in viewport coordinates", () => {
    const actions: EditorAction[] = [
      { type: "pointerDown", point: { x: 10, y: 20 } },
      { type: "pointerMove", point: { x: 110, y: 70 } },
      { type: "pointerUp" },
      { type: "tool", tool: "blur" },
      { type: "pointerDown", point: { x: 0, y: 0 } },
      { type: "pointerMove", point: { x: 5, y: 5 } },
      { type: "pointerMove", point: { x: 10, y: 10 } },
      { type: "pointerUp" },
    ];
    const { shapes } = actions.reduce(editorReducer, initialEditorState("screenshot"));
    const svg = drawingMarkup(shapes, 800, 600);
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    const root = doc.documentElement;
    expect(root.getAttribute("viewBox")).toBe("0 0 800 600");
    const rect = doc.querySelector("rect");
    expect([
      rect?.getAttribute("x"),
      rect?.getAttribute("y"),
      rect?.getAttribute("width"),
      rect?.getAttribute("height"),
    ]).toEqual(["10", "20", "100", "50"]);
    expect(rect?.getAttribute("stroke")).toBe("#EB144C");
    expect(rect?.getAttribute("stroke-width")).toBe("6");
    const path = doc.querySelector("path");
    expect(path?.getAttribute("stroke")).toBe("#000000");
    expect(path?.getAttribute("stroke-width")).toBe("40");
    expect(path?.getAttribute("d")).toStartWith("M0 0 L");
  });

  test("no drawings is an empty layer", () => {
    expect(drawingMarkup([], 10, 10)).toContain('viewBox="0 0 10 10"');
    expect(drawingMarkup([], 10, 10)).not.toContain("<rect");
  });
});
