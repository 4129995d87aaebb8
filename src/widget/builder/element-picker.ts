/**
 * The builder's element picker on the host page (spec §2, §5): while it runs, the element under the
 * pointer is outlined and a click picks it instead of doing what the page would do. The builder's own
 * UI (everything in the widget's shadow root, whose host is all the page sees of it) is never picked
 * and keeps working, so the admin can still cancel from the bar.
 */

export interface PickerOptions {
  doc: Document;
  /** Whether an element belongs to the widget (the builder bar, the launcher): never picked. */
  isOwnUi(element: Element): boolean;
  onHover(element: Element | null): void;
  onPick(element: Element): void;
}

/** Events the page must not see while picking: a click on a link or a button would navigate or act. */
const swallowed = ["pointerdown", "mousedown", "pointerup", "mouseup", "click", "dblclick", "auxclick"];

/** Starts picking; answers the stop. */
export function startPicker({ doc, isOwnUi, onHover, onPick }: PickerOptions): () => void {
  const pageElement = (event: Event): Element | null => {
    const target = event.target;
    const view = doc.defaultView;
    if (!view || !(target instanceof view.Element)) return null;
    return isOwnUi(target) ? null : target;
  };

  const onMove = (event: Event) => onHover(pageElement(event));
  const onPress = (event: Event) => {
    const element = pageElement(event);
    if (!element) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === "click") onPick(element);
  };

  doc.addEventListener("mouseover", onMove, true);
  for (const type of swallowed) doc.addEventListener(type, onPress, true);
  doc.documentElement.style.setProperty("cursor", "crosshair");
  return () => {
    doc.removeEventListener("mouseover", onMove, true);
    for (const type of swallowed) doc.removeEventListener(type, onPress, true);
    doc.documentElement.style.removeProperty("cursor");
    onHover(null);
  };
}
