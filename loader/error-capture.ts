import { type ConsoleEntry, formatLogArgument, maxLogLength } from "./console-capture.ts";
import type { LogBuffer } from "./log-buffer.ts";

/**
 * Uncaught errors and unhandled promise rejections of the page enter the console log as ERROR
 * entries with their message and stack, cut to spec §9's 1000 characters and worded as the browser's
 * console words them. An error thrown in one of the SDK's own files (under `sdkFolder`) is the
 * widget's, not the page's, and stays out. Answers the removal of the listeners.
 */
export function captureErrors(
  target: Window,
  buffer: LogBuffer<ConsoleEntry>,
  sdkFolder: () => string,
): () => void {
  const describe: Record<string, (event: ErrorEvent & PromiseRejectionEvent) => string> = {
    // Without an Error (a thrown string, a cross-origin "Script error.") the browser's message says it all.
    error: ({ error, filename, message }) =>
      sdkFolder() && filename?.startsWith(sdkFolder())
        ? ""
        : error instanceof Error
          ? `Uncaught ${formatLogArgument(error)}`
          : message,
    unhandledrejection: ({ reason }) => `Uncaught (in promise) ${formatLogArgument(reason)}`,
  };
  const removals = Object.keys(describe).map((type) => {
    const listener = (event: Event) => {
      try {
        const log = describe[type]?.(event as ErrorEvent & PromiseRejectionEvent);
        if (log)
          buffer.push({ log: log.slice(0, maxLogLength), date: new Date().toISOString(), priority: "ERROR" });
      } catch {
        // The page's own error handling goes on as without the SDK.
      }
    };
    target.addEventListener(type, listener);
    return () => target.removeEventListener(type, listener);
  });
  return () => {
    for (const remove of removals) remove();
  };
}
