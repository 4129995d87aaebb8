import type { LogLevel } from "./config.ts";

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON object per line, so a log shipper can parse every line without guessing. */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => console.log(line),
): Logger {
  const log = (lineLevel: Exclude<LogLevel, "silent">, message: string, fields?: LogFields) => {
    if (rank[lineLevel] < rank[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg: message, ...fields }));
  };
  return {
    debug: (message, fields) => log("debug", message, fields),
    info: (message, fields) => log("info", message, fields),
    warn: (message, fields) => log("warn", message, fields),
    error: (message, fields) => log("error", message, fields),
  };
}
