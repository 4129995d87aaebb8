import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import { textColorFor } from "../common/text-colour.ts";
import {
  badgeText,
  launcherLabel,
  modernRadius,
  offset,
  type Placement,
  placementFor,
  tabRadius,
  tabText,
} from "./launcher-model.ts";
import { launcherStyles } from "./launcher-styles.ts";

const svgNs = "http://www.w3.org/2000/svg";
const chatPath =
  "M12 3C6.5 3 2 6.9 2 11.6c0 2.3 1.1 4.4 2.9 6L4 21.5a.5.5 0 0 0 .7.6l4.4-2.1c.9.2 1.9.3 2.9.3 5.5 0 10-3.9 10-8.7S17.5 3 12 3Z";
const closePath = "M6 6l12 12M18 6 6 18";

function icon(close: boolean): SVGSVGElement {
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  svg.dataset.icon = close ? "close" : "chat";
  const path = document.createElementNS(svgNs, "path");
  path.setAttribute("d", close ? closePath : chatPath);
  if (close) {
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", "currentColor");
    path.setAttribute("stroke-width", "2.4");
    path.setAttribute("stroke-linecap", "round");
  } else path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

interface Launcher {
  setVisible(visible: boolean): void;
}

/** The mounted launcher, for `run` (the loader calls the module's `run`, not the mount's). */
let active: Launcher | null = null;

/**
 * The pointer on the button (a mouse resting on it, a finger going down) or the focus on it comes
 * before most clicks: the first of them calls `prepare` (the messenger's chunk and its frame's
 * connection are readied meanwhile). Answers how to stop listening.
 */
function readyOnIntent(button: HTMLElement, prepare: () => void): () => void {
  const intents = ["pointerenter", "pointerdown", "focus"] as const;
  const stop = () => {
    for (const intent of intents) button.removeEventListener(intent, onIntent);
  };
  const onIntent = () => {
    stop();
    prepare();
  };
  for (const intent of intents) button.addEventListener(intent, onIntent);
  return stop;
}

/**
 * Lazy chunk entry: draws the feedback button into the SDK's shadow root and returns its unmount.
 * Plain DOM on purpose: it is on every page view, and evaluating React DOM for it was one 45–90 ms
 * task on a throttled phone (bench/host-impact.ts). The screens behind the button are React chunks.
 *
 * The button follows the loader's state rather than keeping its own: a click asks the loader to open
 * or hide the messenger, and the icon, `aria-expanded` and the badge change on the bus's `open`,
 * `close` and `unread-count-changed`; `config-changed` and `language-changed` restyle it in place.
 */
export function mount({
  root,
  flowConfig: initialConfig,
  events,
  nonce,
  host,
}: WidgetChunkContext): () => void {
  const style = document.createElement("style");
  // A host with a nonce-only style-src blocks a <style> without it.
  if (nonce) style.nonce = nonce;
  style.textContent = launcherStyles;
  const container = document.createElement("div");
  root.append(style, container);

  const button = document.createElement("button");
  button.type = "button";
  button.dataset.testid = "gleap-launcher";
  const badge = document.createElement("span");
  badge.className = "badge";
  badge.setAttribute("aria-hidden", "true");

  const readConfig = (): FlowConfig => host.flowConfig() ?? initialConfig;
  let config = readConfig();
  let opened = host.isOpened();
  let unread = Number(host.unreadCount()) || 0;
  let visible = host.options().showFeedbackButton !== false;
  // What the face (icon or text) was last drawn for, so a restyle does not replay the icon's animation.
  let drawnFace = "";

  const render = () => {
    // The widget's language (the host's, the project's or the browser's) mirrors the launcher as
    // the project's `rtl` option does.
    const language = host.language() || "en";
    const rtl = isRightToLeft(language, config);
    const placement: Placement | null = placementFor(config.feedbackButtonPosition, rtl);
    if (!placement || !visible) {
      button.remove();
      return;
    }
    const { kind, edge } = placement;
    button.className = `launcher ${kind} ${edge}${opened ? " open" : ""}`;
    button.dir = rtl ? "rtl" : "ltr";
    const css = button.style;
    css.setProperty("--gl-bg", config.buttonColor);
    css.setProperty("--gl-fg", textColorFor(config.buttonColor));
    css.setProperty("--gl-x", `${offset(config.buttonX)}px`);
    css.setProperty("--gl-y", `${offset(config.buttonY)}px`);
    css.setProperty(
      "--gl-r",
      `${kind === "modern" ? modernRadius(config.borderRadius) : tabRadius(config.borderRadius)}px`,
    );
    button.setAttribute("aria-expanded", String(opened));
    button.setAttribute("aria-label", launcherLabel(kind, opened, unread, language, config));
    const text = kind === "modern" ? "" : tabText(language, config);
    const face = kind === "modern" ? (opened ? "close" : "chat") : `text:${text}`;
    if (face !== drawnFace) {
      drawnFace = face;
      let content: Element;
      if (kind === "modern") content = icon(opened);
      else {
        content = document.createElement("span");
        content.className = "label";
        content.textContent = text;
      }
      button.replaceChildren(content, badge);
    }
    badge.textContent = badgeText(unread);
    if (!button.isConnected) container.append(button);
  };

  const onClick = () => {
    host.command(host.isOpened() ? "hide" : "open");
  };
  button.addEventListener("click", onClick);
  const stopReadying = readyOnIntent(button, () => host.prepareMessenger());

  const subscriptions = [
    events.on("open", () => {
      opened = true;
      render();
    }),
    events.on("close", () => {
      opened = false;
      render();
    }),
    events.on("unread-count-changed", (count) => {
      unread = typeof count === "number" ? count : Number(host.unreadCount()) || 0;
      render();
    }),
    events.on("config-changed", () => {
      config = readConfig();
      render();
    }),
    events.on("language-changed", render),
  ];

  const launcher: Launcher = {
    setVisible(next) {
      visible = next;
      render();
    },
  };
  active = launcher;
  render();

  return () => {
    if (active === launcher) active = null;
    for (const unsubscribe of subscriptions) unsubscribe();
    button.removeEventListener("click", onClick);
    stopReadying();
    style.remove();
    container.remove();
  };
}

/** Host API calls routed to the launcher: `showFeedbackButton(show)`. */
export function run(command: SurfaceCommand<"launcher">, args: unknown[]): void {
  if (command === "showFeedbackButton") active?.setVisible(args[0] !== false);
}
