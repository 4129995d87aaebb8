import type { ConsoleEntry, NetworkEntry } from "./report-detail-view.ts";

/**
 * What the widget itself wrote into a report's logs: its own console
 * lines (the SDK writes each as `Gleap: …`) and its own requests (our widget API and SDK files on the
 * main origin, anything from the messenger origin). They stay in the report; the view hides them
 * until the admin asks. `own` is `ownOrigins()`: the main origin first, then the messenger's if apart.
 */
export interface WidgetNoise {
  console: ConsoleEntry[];
  network: NetworkEntry[];
  /** How many entries of both logs are the widget's own. */
  hidden: number;
}

const widgetLine = /^\s*(?:Gleap:|\[Gleap\])/;

export const isWidgetConsoleEntry = (entry: ConsoleEntry): boolean => widgetLine.test(entry.text);

export function isWidgetRequest(url: string, own: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const [main, ...frames] = own;
  if (frames.includes(parsed.origin)) return true;
  return (
    parsed.origin === main &&
    (parsed.pathname.startsWith("/api/widget/") || parsed.pathname.startsWith("/sdk/"))
  );
}

/** The logs without the widget's own entries, and how many were left out. */
export function withoutWidgetNoise(
  logs: { consoleLog: readonly ConsoleEntry[]; networkLogs: readonly NetworkEntry[] },
  own: readonly string[],
): WidgetNoise {
  const console = logs.consoleLog.filter((entry) => !isWidgetConsoleEntry(entry));
  const network = logs.networkLogs.filter((entry) => !isWidgetRequest(entry.url, own));
  return {
    console,
    network,
    hidden: logs.consoleLog.length - console.length + logs.networkLogs.length - network.length,
  };
}
