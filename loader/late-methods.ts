import type { ReportMethods } from "./report-methods.ts";

type Methods = ReportMethods["methods"];
type Name = keyof Methods;
type Report = (message: string, error?: unknown) => void;

/**
 * The host API methods whose code comes with the loader's late file (loader/report-methods.ts): the
 * parts of a report and silent crash reports. `tsc` checks this list against that file both ways.
 */
export const lateMethodNames = [
  "setTags",
  "setEnvironment",
  "setAppBuildNumber",
  "setAppVersionCode",
  "setCustomData",
  "attachCustomData",
  "removeCustomData",
  "clearCustomData",
  "setTicketAttribute",
  "unsetTicketAttribute",
  "clearTicketAttributes",
  "attachNetworkLogs",
  "sendSilentCrashReport",
  "sendSilentCrashReportWithFormData",
] as const satisfies readonly Name[];

const everyOne: Exclude<Name, (typeof lateMethodNames)[number]> extends never ? true : never = true;

type LateMethods = {
  [N in Name]: (...args: Parameters<Methods[N]>) => Promise<Awaited<ReturnType<Methods[N]>> | undefined>;
};

/**
 * The late methods on the host API. A call runs once the late file is there (fetched as the SDK starts;
 * a call made before waits for it), in the order the calls were made, and answers a promise of what
 * the method answers. A failure is reported (`Gleap: name failed`), never thrown at the host.
 */
export function lateMethods(methods: () => Promise<Methods>, report: Report): LateMethods {
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of lateMethodNames)
    api[name] = (...args) =>
      methods()
        .then((loaded) => (loaded[name] as (...given: unknown[]) => unknown)(...args))
        .catch((error) => void report(`${name} failed`, error));
  return everyOne && (api as LateMethods);
}
