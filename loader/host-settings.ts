import type { HostOptions } from "../src/shared/widget-chunk-contract.ts";

/**
 * The options the host sets through the API (spec §7 "Host API") and the surfaces read: sound, in-app
 * notifications, the button, the tab badge, live site, and the replay recorder's options. Bad values
 * are ignored, as the reference does. The parts of a report the host sets are the late file's
 * (loader/report-parts.ts).
 */
export function createHostSettings(hooks: {
  /** The tab badge was switched on or off. */
  onBadgeOption: () => void;
  /** The replay options changed (all of them so far). */
  onReplayOptions: (options: Record<string, unknown>) => void;
}) {
  // `setReplayOptions` may come before the recorder (or the session) exists: kept, handed over at start.
  let replayOptions: Record<string, unknown> = {};
  const options: HostOptions = {
    playSound: true,
    disableInAppNotifications: false,
    showFeedbackButton: true,
    showTabNotificationBadge: true,
    liveSite: null,
  };
  return {
    options: () => options,
    replayOptions: () => replayOptions,
    methods: {
      playSound(on: boolean) {
        options.playSound = on === true;
      },
      setDisableInAppNotifications(on: boolean) {
        options.disableInAppNotifications = on === true;
      },
      showTabNotificationBadge(on: boolean) {
        options.showTabNotificationBadge = on === true;
        hooks.onBadgeOption();
      },
      setLiveSite(live: boolean) {
        options.liveSite = live === true;
      },
      setReplayOptions(given: Record<string, unknown>) {
        if (!given || typeof given !== "object") return;
        replayOptions = { ...replayOptions, ...given };
        hooks.onReplayOptions(replayOptions);
      },
    },
  };
}
