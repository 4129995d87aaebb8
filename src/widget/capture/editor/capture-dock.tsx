import { Icon } from "../capture-icons.tsx";
import { drawingColors } from "../drawing/editor-state.ts";
import { Toolbar, type ToolbarProps } from "./toolbar.tsx";

/**
 * The toolbar where the visitor dragged it, with the colour picker, a notice (sharing denied, no
 * support) and the hint below it.
 */
export function CaptureDock(props: ToolbarProps) {
  const { type, texts, state, dispatch, drag } = props;
  const showHint =
    !state.notice &&
    !state.pickerOpen &&
    ((type === "screenshot" && state.shapes.length === 0 && !state.finishing) ||
      (type === "capture" && state.recording === "idle"));
  return (
    <div
      className="gl-capture-dock"
      style={{ transform: `translate(calc(-50% + ${drag.offset.x}px), ${drag.offset.y}px)` }}
    >
      <Toolbar {...props} />
      {state.pickerOpen && (
        <fieldset className="gl-capture-colors" aria-label={texts.pickAColor} data-testid="capture-colors">
          {drawingColors.map((color) => (
            <button
              key={color}
              type="button"
              className="gl-capture-color"
              style={{ background: color }}
              aria-label={color}
              aria-pressed={state.color === color}
              onClick={() => dispatch({ type: "color", color })}
            />
          ))}
        </fieldset>
      )}
      {state.notice && state.notice !== "uploadFailed" && (
        <div className="gl-capture-notice" role="alert" data-testid="capture-notice">
          <span>{texts[state.notice]}</span>
          <button
            type="button"
            aria-label={texts.dismiss}
            onClick={() => dispatch({ type: "notice", notice: null })}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {showHint && (
        <div className="gl-capture-hint" aria-live="polite">
          {type === "screenshot"
            ? texts.drawHint
            : props.recording.available
              ? texts.recordHint
              : texts.browserNotSupported}
        </div>
      )}
    </div>
  );
}
