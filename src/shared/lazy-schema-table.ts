import type { Struct } from "superstruct";

// biome-ignore lint/suspicious/noExplicitAny: builders of any structs; each keeps its own precise type.
type SchemaBuilders = Record<string, () => Struct<any, any>>;

/** The table a set of builders stands for: each name's struct, as its builder returns it. */
export type LazySchemaTable<B extends SchemaBuilders> = { readonly [K in keyof B]: ReturnType<B[K]> };

/**
 * A table of schemas by name whose structs are built when a name is first read, then kept. The
 * window-message tables (frame-messages.ts) load with the host's chunks and the frames on the way to
 * their first paint, on a main thread they often share; building all of their structs there (a few
 * hundred superstruct objects) took a throttled phone's thread 30–50 ms, while a page hears only a
 * handful of names. The names are the table's own enumerable keys, so `Object.hasOwn` still tells
 * a known name from `__proto__` or `constructor`.
 */
export function lazyTable<B extends SchemaBuilders>(builders: B): LazySchemaTable<B> {
  const table = {};
  for (const [name, build] of Object.entries(builders)) {
    let built: ReturnType<typeof build> | undefined;
    Object.defineProperty(table, name, { enumerable: true, get: () => (built ??= build()) });
  }
  return table as LazySchemaTable<B>;
}
