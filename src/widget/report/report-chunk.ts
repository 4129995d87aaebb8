import type { SurfaceCommand, WidgetChunkContext, WidgetHost } from "../../shared/widget-chunk-contract.ts";
import { buildReport } from "../common/report/build-report.ts";
import { protectReport } from "../common/report/private-report.ts";

let host: WidgetHost | null = null;

/**
 * Lazy chunk entry for silent crash reports (`sendSilentCrashReport`, `…WithFormData`): the report's
 * assembly and the session metadata load only when a host reports a crash, not on every page view.
 */
export function mount(context: WidgetChunkContext): () => void {
  host = context.host;
  return () => {
    host = null;
  };
}

/** `crash` (formData, priority, excludeData): posts a silent CRASH report and answers the server's. */
export function run(command: SurfaceCommand<"report">, args: unknown[]): unknown {
  if (!host || command !== "crash") return undefined;
  const [formData, priority, excludeData] = args as [
    Record<string, unknown>,
    string | undefined,
    Record<string, boolean> | undefined,
  ];
  const parts = host.reportParts();
  const body = buildReport(parts, window, {
    type: "CRASH",
    priority: priority ?? "MEDIUM",
    formData,
    excludeData,
    isSilent: true,
  });
  return host.sendReport(protectReport(body, parts.typedValues, window));
}
