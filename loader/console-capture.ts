import { calledFrom } from "../src/shared/call-origin.ts";
import type { LogBuffer } from "./log-buffer.ts";

export type LogPriority = "INFO" | "WARNING" | "ERROR" | "CLICK";

/** Spec §3 "Console log entry"; clicks share the same log with priority CLICK. */
export interface ConsoleEntry {
  log: string;
  /** ISO 8601. */
  date: string;
  priority: LogPriority;
}

/** Spec §9: the buffer the SDK creates keeps this many entries; each entry at most `maxLogLength`. */
export const maxConsoleEntries = 500;
export const maxLogLength = 1000;

const levels = { log: "INFO", info: "INFO", debug: "INFO", warn: "WARNING", error: "ERROR" } as const;
type Level = keyof typeof levels;
type Method = (this: unknown, ...args: unknown[]) => unknown;

const tagOf = (value: unknown) => Object.prototype.toString.call(value).slice(8, -1);

function describeError(error: Error): string {
  const head = `${error.name}: ${error.message}`;
  const stack = typeof error.stack === "string" ? error.stack : "";
  // V8 starts the stack with "Name: message"; JavaScriptCore and SpiderMonkey do not.
  return stack.startsWith(head) ? stack : stack ? `${head}\n${stack}` : head;
}

const isError = (value: unknown): value is Error => value instanceof Error || tagOf(value) === "Error";

/** JSON for logging: cycles become "[Circular]", BigInts and nested errors become text. */
function safeJson(value: object): string {
  const ancestors: unknown[] = [];
  try {
    return (
      JSON.stringify(value, function (this: unknown, _key, item: unknown) {
        if (typeof item === "bigint") return `${item}n`;
        if (typeof item !== "object" || item === null) return item;
        if (isError(item)) return `${item.name}: ${item.message}`;
        // The replacer's `this` is the holder, so popping down to it leaves exactly the current path.
        while (ancestors.length && ancestors[ancestors.length - 1] !== this) ancestors.pop();
        if (ancestors.includes(item)) return "[Circular]";
        ancestors.push(item);
        return item;
      }) ?? String(value)
    );
  } catch {
    // A throwing getter or toJSON, or an object without toString.
    return `[object ${tagOf(value)}]`;
  }
}

export function formatLogArgument(value: unknown): string {
  if (typeof value === "string") return value;
  if (isError(value)) return describeError(value);
  return typeof value === "object" && value !== null ? safeJson(value) : String(value);
}

/**
 * Records console calls into `buffer` while still calling the original methods with the same
 * arguments. The returned function puts the original function objects back, unless another script
 * wrapped a method after us: then that wrapper stays and ours only passes calls through.
 *
 * Calls made by the SDK's own files (under `sdkFolder`: the chunks and the libraries bundled into
 * them) are the widget's, not the page's: they are never recorded, and only the SDK's own messages
 * for the host's developer (those naming Gleap) reach the console; snapdom's or rrweb's do not.
 */
export function captureConsole(
  target: Console,
  buffer: LogBuffer<ConsoleEntry>,
  now: () => Date = () => new Date(),
  sdkFolder: () => string = () => "",
): () => void {
  const methods = target as unknown as Record<Level, Method | undefined>;
  let active = true;
  // A value whose toJSON or getter logs would otherwise recurse through our wrapper forever.
  let busy = false;
  const restores = (Object.keys(levels) as Level[]).map((name) => {
    const original = methods[name];
    if (typeof original !== "function") return () => {};
    const own = Object.hasOwn(target, name);
    const wrapper: Method = function (this: unknown, ...args) {
      let own = false;
      if (active && !busy) {
        busy = true;
        try {
          own = calledFrom(sdkFolder());
        } catch {
          // No folder to tell the SDK's calls by (e.g. a malformed API URL): the call is the page's.
        }
        try {
          const log = own ? "" : args.map(formatLogArgument).join(" ");
          if (log.trim()) {
            buffer.push({
              log: log.slice(0, maxLogLength),
              date: now().toISOString(),
              priority: levels[name],
            });
          }
        } catch {
          // Logging must behave exactly as without the SDK, even when recording fails.
        } finally {
          busy = false;
        }
      }
      if (own && !(typeof args[0] === "string" && args[0].includes("Gleap"))) return undefined;
      return original.apply(this, args);
    };
    methods[name] = wrapper;
    return () => {
      if (methods[name] !== wrapper) return;
      // An inherited method is un-shadowed rather than copied onto the object.
      if (own) methods[name] = original;
      else delete methods[name];
    };
  });
  return () => {
    active = false;
    for (const restore of restores) {
      try {
        restore();
      } catch {
        // A frozen or non-configurable console keeps our wrapper, which now only passes calls through.
      }
    }
  };
}
