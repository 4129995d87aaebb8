import { crossIcon } from "../common/cross-icon.ts";

/**
 * The full-screen image viewer (spec §2): the frame's `open-image` shows a picture from a conversation
 * or an article over the page. It closes on a click on the backdrop, on the close button and on
 * Escape, and gives the focus back to where it was (the frame). One viewer at a time.
 */
export interface ImageViewer {
  show(url: string, rtl: boolean): void;
  close(): boolean;
  isOpen(): boolean;
}

/** Pictures only from the web or the frame's own data: never `javascript:` and the like. */
export function viewableImageUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "https:" || parsed.protocol === "http:" || parsed.protocol === "blob:")
      return parsed.href;
    if (parsed.protocol === "data:" && /^data:image\//i.test(url)) return url;
  } catch {
    // Not an absolute URL: nothing to show.
  }
  return null;
}

export function createImageViewer(root: ShadowRoot): ImageViewer {
  let current: {
    element: HTMLElement;
    restoreFocus: HTMLElement | null;
    onKey: (e: KeyboardEvent) => void;
  } | null = null;

  function close(): boolean {
    if (!current) return false;
    const { element, restoreFocus, onKey } = current;
    current = null;
    document.removeEventListener("keydown", onKey);
    element.remove();
    restoreFocus?.focus?.();
    return true;
  }

  function show(url: string, rtl: boolean) {
    const src = viewableImageUrl(url);
    if (!src) return;
    close();
    const element = document.createElement("div");
    element.className = "viewer";
    element.dataset.testid = "gleap-image-viewer";
    element.dir = rtl ? "rtl" : "ltr";
    element.setAttribute("role", "dialog");
    element.setAttribute("aria-modal", "true");
    element.setAttribute("aria-label", "Image");
    const image = document.createElement("img");
    image.className = "viewer-image";
    image.src = src;
    image.alt = "";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "viewer-close";
    button.setAttribute("aria-label", "Close image");
    button.append(crossIcon("2.4", "20"));
    element.append(button, image);

    button.addEventListener("click", () => close());
    element.addEventListener("click", (event) => {
      if (event.target === element) close();
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      // Handled: the widget's own Escape listener leaves a handled key alone, so it stays open.
      event.preventDefault();
      close();
    };
    document.addEventListener("keydown", onKey);
    const active = root.activeElement;
    current = { element, restoreFocus: active instanceof HTMLElement ? active : null, onKey };
    root.append(element);
    button.focus();
  }

  return { show, close, isOpen: () => current !== null };
}
