import type { ReportParts } from "../src/shared/widget-chunk-contract.ts";

/** The parts of a report the host sets through the API (spec §7), kept until a report is sent. */
export type HostReportParts = Pick<
  ReportParts,
  "customData" | "ticketAttributes" | "tags" | "environment" | "appBuildNumber" | "appVersionCode"
> & { attachedNetworkLogs: unknown[] };

/**
 * What the host sets for its reports through the API (spec §7 "Host API"): custom data, ticket
 * attributes, tags, environment, build and version, attached network logs. Only a report reads them,
 * so they live in the loader's late file (loader/host-inputs.ts). Bad values are ignored, as the
 * reference does.
 */
export function createReportParts() {
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
    methods: {
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
      attachNetworkLogs(logs: string) {
        const parsed: unknown = typeof logs === "string" ? JSON.parse(logs) : logs;
        parts.attachedNetworkLogs = Array.isArray(parsed) ? parsed : [];
      },
    },
  };
}
