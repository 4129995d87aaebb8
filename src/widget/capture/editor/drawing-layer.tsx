import type { Dispatch, PointerEvent as ReactPointerEvent, RefObject } from "react";
import type { EditorAction, EditorState, Shape } from "../drawing/editor-state.ts";
import { shapeAttributes } from "../drawing/svg-markup.ts";

function ShapeView({ shape }: { shape: Shape }) {
  const attributes = shapeAttributes(shape);
  const props = {
    fill: attributes.fill,
    stroke: attributes.stroke,
    strokeWidth: attributes["stroke-width"],
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
  };
  return shape.kind === "rect" ? (
    <rect {...props} x={shape.x} y={shape.y} width={shape.w} height={shape.h} data-shape="rect" />
  ) : (
    <path {...props} d={shape.stroke.d} data-shape={shape.tool} />
  );
}

/** Where a pointer is, in viewport coordinates (the drawing layer covers the viewport). */
const pointOf = (event: ReactPointerEvent) => ({ x: event.clientX, y: event.clientY });

interface DrawingLayerProps {
  state: EditorState;
  /** The state as of the last render, for pointer moves between renders. */
  stateRef: RefObject<EditorState>;
  dispatch: Dispatch<EditorAction>;
}

/** The drawing layer over the page: the shapes drawn so far, the one being drawn, and pointer drawing. */
export function DrawingLayer({ state, stateRef, dispatch }: DrawingLayerProps) {
  const onCanvasDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dispatch({ type: "pointerDown", point: pointOf(event) });
  };
  const onCanvasMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!stateRef.current.active) return;
    event.preventDefault();
    dispatch({ type: "pointerMove", point: pointOf(event) });
  };
  const onCanvasUp = () => dispatch({ type: "pointerUp" });

  return (
    <svg
      className="gl-capture-canvas"
      data-testid="capture-canvas"
      xmlns="http://www.w3.org/2000/svg"
      onPointerDown={onCanvasDown}
      onPointerMove={onCanvasMove}
      onPointerUp={onCanvasUp}
      onPointerCancel={onCanvasUp}
      aria-hidden="true"
    >
      {state.shapes.map((shape, index) => (
        // Shapes are only ever appended or removed from the end: the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <ShapeView key={index} shape={shape} />
      ))}
      {state.active && <ShapeView shape={state.active} />}
    </svg>
  );
}
