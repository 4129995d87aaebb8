import { lateMethodNames } from "../src/shared/widget-chunk-contract.ts";
import type { ReportMethods } from "./report-methods.ts";

type Methods = ReportMethods["methods"];
type Name = keyof Methods;
type Report = (message: string, error?: unknown) => void;

type Listed = (typeof lateMethodNames)[number];
// `tsc` checks the contract's list against the late file both ways: each method listed, each name a method.
const sameNames: [Exclude<Name, Listed>, Exclude<Listed, Name>] extends [never, never] ? true : never = true;

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
  return sameNames && (api as LateMethods);
}
