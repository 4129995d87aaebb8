import type { Engine } from "./database.ts";

/** A value bound to a placeholder of a read query. */
export type ReadValue = string | number | boolean | null;

/**
 * A piece of a read query kept as text and values apart, so it can be sent to a reader thread as
 * `{ text, params }` (Bun.SQL's own fragments cannot be rendered to text outside its driver) and be
 * run on either engine from the same code. Build it with {@link readSql}.
 */
export class ReadSql {
  constructor(
    readonly strings: readonly string[],
    readonly values: ReadonlyArray<ReadValue | ReadSql>,
  ) {}
}

/** A read query as a tagged template: `${value}` binds a parameter, `${readSql`…`}` nests a fragment. */
export function readSql(strings: TemplateStringsArray, ...values: Array<ReadValue | ReadSql>): ReadSql {
  return new ReadSql([...strings], values);
}

/**
 * Text spliced into the query as it is: only for whitelisted column names and directions, never for
 * anything a request sent.
 */
export function trustedSql(text: string): ReadSql {
  return new ReadSql([text], []);
}

/** The fragments joined by `separator` (for example `" AND "`), or `empty` when there are none. */
export function joinSql(fragments: readonly ReadSql[], separator: string, empty: ReadSql): ReadSql {
  if (fragments.length === 0) return empty;
  const strings = ["", ...Array.from({ length: fragments.length - 1 }, () => separator), ""];
  return new ReadSql(strings, fragments);
}

/** A query ready for a driver: its text with the engine's placeholders, and the values in order. */
export interface RenderedSql {
  text: string;
  params: ReadValue[];
}

/**
 * Renders a query for `engine`: `?` placeholders for SQLite, `$1`, `$2`, … for PostgreSQL. Booleans
 * are bound as 1/0 on SQLite (its BOOLEAN columns hold integers) and as booleans on PostgreSQL.
 */
export function renderSql(query: ReadSql, engine: Engine): RenderedSql {
  const params: ReadValue[] = [];
  const text: string[] = [];
  const bind = (value: ReadValue) => {
    if (typeof value === "boolean" && engine === "sqlite") params.push(value ? 1 : 0);
    else params.push(value);
    text.push(engine === "sqlite" ? "?" : `$${params.length}`);
  };
  const walk = (fragment: ReadSql) => {
    fragment.strings.forEach((part, index) => {
      text.push(part);
      if (index >= fragment.values.length) return;
      const value = fragment.values[index] ?? null;
      if (value instanceof ReadSql) walk(value);
      else bind(value);
    });
  };
  walk(query);
  return { text: text.join(""), params };
}
