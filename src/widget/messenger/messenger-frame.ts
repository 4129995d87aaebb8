import { frameSource } from "../../shared/frame-source.ts";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import type { FrameChannel } from "./frame-channel.ts";
import { adoptFrameContainer, createFrameContainer, type FrameContainer } from "./frame-container.ts";
import { containerVariantsFor, frameMaxHeight, type WidgetMode } from "./frame-layout.ts";

/**
 * The messenger frame's box: on first use, the one the loader started while the chunk loaded
 * (`startedFrame`), else one created from the frame URL the loader resolves at that moment; laid out
 * for the widget's mode, the project's config and the height the frame reports.
 */
export function createMessengerFrame(
  { root, host, startedFrame: started }: Pick<WidgetChunkContext, "root" | "host" | "startedFrame">,
  channel: FrameChannel,
  /** The box was just created for the frame at `url`. */
  onCreated: (url: string) => void,
) {
  let startedFrame = started;
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
      let adopted = startedFrame;
      startedFrame = undefined;
      // Started for another URL (a `setFrameUrl`, or the server's config, since): not that one.
      if (adopted && adopted.url !== url) {
        adopted.remove();
        adopted = undefined;
      }
      container = adopted
        ? adoptFrameContainer(adopted)
        : createFrameContainer(root, frameSource(url, host.sdkKey));
      channel.attach(container.iframe, url, adopted?.takeMessages());
      applyLayout();
      onCreated(url);
      return container;
    },
    remove() {
      container?.remove();
      container = null;
      startedFrame?.remove();
      startedFrame = undefined;
    },
  };
}

export type MessengerFrame = ReturnType<typeof createMessengerFrame>;
