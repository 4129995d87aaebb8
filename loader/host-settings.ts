import type { HostOptions, ReportParts } from "../src/shared/widget-chunk-contract.ts";

/** The parts of a report the host sets through the API (spec §7), kept until a report is sent. */
export type HostReportParts = Pick<
  ReportParts,
  "customData" | "ticketAttributes" | "tags" | "environment" | "appBuildNumber" | "appVersionCode"
> & { attachedNetworkLogs: unknown[] };

/**
 * What the host sets through the API and the widget only keeps (spec §7 "Host API"): custom data,
 * ticket attributes, tags, environment, build and version for reports, and the options the surfaces
 * read (sound, in-app notifications, the button, the tab badge, live site) and the replay recorder's
 * options. Bad values are ignored, as the reference does.
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
  const parts: HostReportParts = {
    customData: {},
    ticketAttributes: {},
    tags: [],
    environment: "prod",
    appBuildNumber: "",
    appVersionCode: "",
    attachedNetworkLogs: [],
  };
  const without = (record: Record<string, unknown>, key: string) => {
    const { [key]: _, ...rest } = record;
    return rest;
  };
  return {
    parts: () => parts,
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
      setTags(next: string[]) {
        if (Array.isArray(next)) parts.tags = next.filter((tag) => typeof tag === "string");
      },
      setEnvironment(env: string) {
        if (typeof env === "string" && env !== "") parts.environment = env;
      },
      setAppBuildNumber(value: string) {
        parts.appBuildNumber = String(value ?? "");
      },
      setAppVersionCode(value: string) {
        parts.appVersionCode = String(value ?? "");
      },
      setCustomData(key: string, value: unknown) {
        parts.customData = { ...parts.customData, [key]: value };
      },
      attachCustomData(data: Record<string, unknown>) {
        if (data && typeof data === "object") parts.customData = { ...parts.customData, ...data };
      },
      removeCustomData(key: string) {
        parts.customData = without(parts.customData, key);
      },
      clearCustomData() {
        parts.customData = {};
      },
      setTicketAttribute(key: string, value: unknown) {
        parts.ticketAttributes = { ...parts.ticketAttributes, [key]: value };
      },
      unsetTicketAttribute(key: string) {
        parts.ticketAttributes = without(parts.ticketAttributes, key);
      },
      clearTicketAttributes() {
        parts.ticketAttributes = {};
      },
      setReplayOptions(given: Record<string, unknown>) {
        if (!given || typeof given !== "object") return;
        replayOptions = { ...replayOptions, ...given };
        hooks.onReplayOptions(replayOptions);
      },
      attachNetworkLogs(logs: string) {
        const parsed: unknown = typeof logs === "string" ? JSON.parse(logs) : logs;
        parts.attachedNetworkLogs = Array.isArray(parsed) ? parsed : [];
      },
    },
  };
}
