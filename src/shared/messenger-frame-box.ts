/** The messenger frame's DOM: a container, an inner box that holds the size, and the iframe. */
export interface MessengerFrameBox {
  element: HTMLElement;
  inner: HTMLElement;
  iframe: HTMLIFrameElement;
}

/** The class that hides the box (the messenger's stylesheet: `display: none`) until it opens. */
export const frameHiddenClass = "frame--hidden";

/**
 * Builds the box hidden (`frame--hidden`, styled by the messenger's stylesheet), not yet on the page.
 * The iframe's `src` is exactly the frame URL (WIDGET-PROTOCOL "The frame side"): the messenger learns
 * everything else from messages. Two callers: the loader, which starts the frame as the first open is
 * asked for, while the messenger's chunk is still on its way (loader/messenger-frame-start.ts), and the
 * chunk itself when it was not started (src/widget/messenger/frame-container.ts).
 */
export function buildMessengerFrameBox(document: Document, src: string): MessengerFrameBox {
  const element = document.createElement("div");
  element.className = `frame ${frameHiddenClass}`;
  element.dataset.testid = "gleap-frame-container";
  const inner = document.createElement("div");
  inner.className = "frame-inner";
  const iframe = document.createElement("iframe");
  iframe.className = "frame-window";
  iframe.title = "Messenger";
  // As the reference: media autoplay (the notification ping), full screen video, voice messages.
  iframe.allow = "autoplay; encrypted-media; fullscreen; microphone *";
  iframe.src = src;
  inner.append(iframe);
  element.append(inner);
  return { element, inner, iframe };
}
