import type { Engine } from "../database/database.ts";

/**
 * How many random cases a property test over the API runs on `engine`: all of them on SQLite, a tenth
 * (at least two) on PostgreSQL. The properties are about the routes' code, which is the same on both
 * engines; the PostgreSQL pass shows that the engine answers no differently, and there each case costs
 * several times as much.
 */
export function propertyRuns(full: number, engine: Engine): number {
  return engine === "sqlite" ? full : Math.max(2, Math.ceil(full / 10));
}
