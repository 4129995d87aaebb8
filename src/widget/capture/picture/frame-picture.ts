import type { StandIn } from "./layout-boxes.ts";

/**
 * An `<iframe>` in the capture's picture: a box of the frame's size, margins, border and padding, which
 * shows the frame's document pictured on its own (through `draw`, the same pipeline as the page, at the
 * frame's scroll position and viewport) when the page may read it, and a plain light grey
 * (`unreadableFill`) when it may not (another origin) or the frame is nested too deep. snapdom's own
 * frame capture pins the frame's body with styles of its own and placed the frame's content off by its
 * body's margin, and its placeholder for another origin's frame was 2 px larger than the frame.
 */

export type DrawFrame = (frameWindow: Window) => Promise<HTMLCanvasElement>;

export const unreadableFill = "#ebebef";

const boxProperties = [
  "margin-top",
  "margin-right",
  "margin-bottom",
  "margin-left",
  "vertical-align",
  ...["top", "right", "bottom", "left"].flatMap((side) => [
    `border-${side}-width`,
    `border-${side}-style`,
    `border-${side}-color`,
    `padding-${side}`,
  ]),
];

/** The frame's window when the page may read its document. */
function readableWindow(frame: HTMLIFrameElement): Window | null {
  try {
    const win = frame.contentWindow;
    return win?.document?.documentElement ? win : null;
  } catch {
    return null;
  }
}

/**
 * The box that stands in for the frame. Its styles are set again by `restyle` once snapdom has given
 * the copy the frame's own styles (an `<iframe>`'s defaults are not a `<div>`'s).
 */
export async function framePicture(frame: HTMLIFrameElement, draw: DrawFrame | null): Promise<StandIn> {
  const doc = frame.ownerDocument;
  const style = doc.defaultView?.getComputedStyle(frame);
  const win = draw ? readableWindow(frame) : null;
  const canvas = win && draw ? await draw(win).catch(() => null) : null;
  const copy = doc.createElement("div");
  const picture = canvas ? doc.createElement("img") : null;
  if (picture && canvas) {
    picture.src = canvas.toDataURL("image/png");
    picture.alt = "";
  }
  const restyle = () => {
    const set = (target: HTMLElement, name: string, value: string) =>
      target.style.setProperty(name, value, "important");
    copy.replaceChildren(...(picture ? [picture] : []));
    set(copy, "display", !style || style.display === "inline" ? "inline-block" : style.display);
    set(copy, "box-sizing", "border-box");
    set(copy, "width", `${frame.offsetWidth}px`);
    set(copy, "height", `${frame.offsetHeight}px`);
    set(copy, "overflow", "hidden");
    set(copy, "background", picture ? "none" : unreadableFill);
    for (const name of boxProperties) if (style) set(copy, name, style.getPropertyValue(name));
    if (!picture || !win) return;
    set(picture, "display", "block");
    set(picture, "width", `${win.innerWidth}px`);
    set(picture, "height", `${win.innerHeight}px`);
  };
  restyle();
  return { copy, restyle };
}
