import {
  buildMessengerFrameBox,
  frameHiddenClass,
  type MessengerFrameBox,
} from "../../shared/messenger-frame-box.ts";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { type ContainerVariant, containerVariants } from "./frame-layout.ts";

/** The DOM of the messenger frame: a container, an inner box that holds the size, and the iframe. */
export interface FrameContainer {
  element: HTMLElement;
  iframe: HTMLIFrameElement;
  /** The frame URL the iframe was created with; its origin is the only one messages come from. */
  url: string;
  /** Sets the variant classes, the direction and the project's offsets, radius and colours. */
  layout(variants: readonly ContainerVariant[], config: FlowConfig, rtl: boolean): void;
  setVisible(visible: boolean): void;
  /**
   * The frame loads: the brand-coloured placeholder shows instead of it. Once the frame shows, the
   * placeholder stays beneath it: the frame's page is transparent until its app draws over it (the
   * frame says `ping` while its page parses, frame-inbox.ts, and opens 300 ms later, spec §9).
   */
  setLoading(loading: boolean): void;
  /** Takes the placeholder away (the frame never answered). */
  clearPlaceholder(): void;
  /** Spec §4: "the container gets an animate class 500 ms after opening" (it then takes clicks). */
  setAnimated(animated: boolean): void;
  /** A survey's reported height, or null for the stylesheet's cap. */
  setMaxHeight(height: number | null): void;
  remove(): void;
}

/** Creates the container hidden and appends it to the shadow root. */
export function createFrameContainer(root: ShadowRoot, url: string): FrameContainer {
  const box = buildMessengerFrameBox(root.ownerDocument, url);
  root.append(box.element);
  return frameContainer(box, url);
}

/**
 * The box the loader started before the chunk arrived (loader/messenger-frame-start.ts): still hidden
 * by the messenger's stylesheet, now on the page, rather than by its own attribute.
 */
export function adoptFrameContainer(started: MessengerFrameBox): FrameContainer {
  started.element.hidden = false;
  return frameContainer(started, started.iframe.src);
}

function frameContainer({ element, inner, iframe }: MessengerFrameBox, url: string): FrameContainer {
  return {
    element,
    iframe,
    url,
    layout(variants, config, rtl) {
      for (const variant of containerVariants) {
        element.classList.toggle(`frame--${variant}`, variants.includes(variant));
      }
      element.dir = rtl ? "rtl" : "ltr";
      const style = element.style;
      style.setProperty("--gl-x", `${Number(config.buttonX) || 0}px`);
      style.setProperty("--gl-y", `${Number(config.buttonY) || 0}px`);
      style.setProperty("--gl-radius", `${Number(config.borderRadius) || 0}px`);
      style.setProperty("--gl-color", config.color);
      style.setProperty("--gl-header", config.headerColor);
      style.setProperty("--gl-background", config.backgroundColor);
    },
    setVisible(visible) {
      element.classList.toggle(frameHiddenClass, !visible);
    },
    setLoading(loading) {
      element.classList.toggle("frame--loading", loading);
      element.setAttribute("aria-busy", String(loading));
      if (loading) element.classList.add("frame--placeholder");
    },
    clearPlaceholder() {
      element.classList.remove("frame--placeholder");
    },
    setAnimated(animated) {
      element.classList.toggle("frame--animate", animated);
    },
    setMaxHeight(height) {
      inner.style.maxHeight = height === null ? "" : `${height}px`;
    },
    remove() {
      element.remove();
    },
  };
}
