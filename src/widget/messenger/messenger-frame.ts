import { frameSource } from "../../shared/frame-source.ts";
import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import type { FrameChannel } from "./frame-channel.ts";
import { createFrameContainer, type FrameContainer } from "./frame-container.ts";
import { containerVariantsFor, frameMaxHeight, type WidgetMode } from "./frame-layout.ts";

/**
 * The messenger frame's box: created on first use, from the frame URL the loader resolved at that
 * moment; laid out for the widget's mode, the project's config and the height the frame reports.
 */
export function createMessengerFrame(
  root: ShadowRoot,
  host: WidgetHost,
  channel: FrameChannel,
  /** The box was just created for the frame at `url`. */
  onCreated: (url: string) => void,
) {
  let container: FrameContainer | null = null;
  let mode: WidgetMode = "widget";
  let reportedHeight: number | null = null;

  function applyLayout() {
    if (!container) return;
    const config = host.flowConfig();
    container.layout(
      containerVariantsFor(mode, config, host.options().showFeedbackButton),
      config,
      isRightToLeft(host.language(), config),
    );
    container.setMaxHeight(frameMaxHeight(mode, reportedHeight));
  }

  return {
    /** The box, when the frame was created. */
    container: () => container,
    mode: () => mode,
    applyLayout,
    setMode(next: WidgetMode) {
      if (next !== mode) reportedHeight = null;
      mode = next;
      applyLayout();
    },
    /** The frame's content height (spec §7). */
    setHeight(height: number | null) {
      reportedHeight = height;
      container?.setMaxHeight(frameMaxHeight(mode, reportedHeight));
    },
    ensure(): FrameContainer {
      if (container) return container;
      const url = host.frameUrls().messenger;
      container = createFrameContainer(root, frameSource(url, host.sdkKey));
      channel.attach(container.iframe, url);
      applyLayout();
      onCreated(url);
      return container;
    },
    remove() {
      container?.remove();
      container = null;
    },
  };
}

export type MessengerFrame = ReturnType<typeof createMessengerFrame>;
