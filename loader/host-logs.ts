import { recordTypedValues, type TypedValue } from "../src/shared/privacy/typed-values.ts";
import { captureClicks } from "./click-capture.ts";
import { type ConsoleEntry, captureConsole, maxLogLength } from "./console-capture.ts";
import { captureErrors } from "./error-capture.ts";
import type { createEventTracker } from "./event-tracker.ts";
import { createLogBuffer } from "./log-buffer.ts";

/**
 * What a report carries of the page's own activity (spec §3 "Feedback report"): the console with the
 * page's uncaught errors and unhandled rejections (unless the host turned its capture off), clicks
 * while the widget is closed, the host's `Gleap.log` lines, its tracked events, and what visitors
 * typed, so a report can mask the private fields' values (src/widget/privacy/). The widget's own
 * console calls and errors are not the page's and stay out (console-capture.ts).
 */
export function createHostLogs(
  window: Window & typeof globalThis,
  isOpened: () => boolean,
  tracker: () => ReturnType<typeof createEventTracker>,
  apiUrl: () => string,
) {
  // The SDK's files: the `sdk/` folder beside the API, where loader/module.ts loads the chunks from
  // and whose `../api/widget` is the script loader's default API (loader/loader.ts).
  const sdkFolder = () => new URL("../../sdk/", `${apiUrl()}/`).href;
  const consoleLog = createLogBuffer<ConsoleEntry>(500);
  const typedValues: TypedValue[] = [];
  let captureConsoleLog = true;
  let restoreConsole = () => {};
  return {
    consoleLog: () => consoleLog.entries(),
    typedValues,
    /** Starts capturing; answers the cleanups. */
    start(): Array<() => void> {
      if (captureConsoleLog) {
        const restoreMethods = captureConsole(window.console, consoleLog, undefined, sdkFolder);
        const stopErrors = captureErrors(window, consoleLog, sdkFolder);
        restoreConsole = () => {
          restoreMethods();
          stopErrors();
        };
      }
      return [
        () => restoreConsole(),
        captureClicks(window.document, consoleLog, isOpened),
        recordTypedValues(window.document, typedValues),
      ];
    },
    methods: {
      log(message: string, level: "INFO" | "WARNING" | "ERROR" = "INFO") {
        if (typeof message === "string" && message !== "")
          consoleLog.push({
            log: message.slice(0, maxLogLength),
            date: new Date().toISOString(),
            priority: level,
          });
      },
      disableConsoleLogOverwrite() {
        captureConsoleLog = false;
        restoreConsole();
      },
      trackEvent(name: string, data?: unknown) {
        if (typeof name === "string" && name !== "") tracker().track(name, data);
      },
      logEvent: (name: string, data?: unknown) => tracker().track(name, data),
      setDisablePageTracking: (off: boolean) => tracker().setPageTracking(off !== true),
    },
  };
}
