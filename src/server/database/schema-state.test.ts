import { describe, expect, test } from "bun:test";
import type { Migration } from "./migrations.ts";
import { classifySchema, latestMigrationLevel } from "./schema-state.ts";

const list: Migration[] = [
  { id: 1, name: "initial", statements: [] },
  { id: 2, name: "second", statements: [] },
  { id: 5, name: "fifth", statements: [] },
];

describe("where a database's schema stands", () => {
  test("no table at all is a new database; tables without a migration record are not ours", () => {
    expect(classifySchema([], [], list)).toEqual({ kind: "empty" });
    expect(classifySchema([], ["schema_migrations"], list)).toEqual({ kind: "empty" });
    expect(classifySchema([], ["customers", "orders"], list)).toEqual({
      kind: "foreign",
      tables: ["customers", "orders"],
    });
  });

  test("every known migration applied is current, at the highest id", () => {
    expect(classifySchema([5, 1, 2], ["schema_migrations", "users"], list)).toEqual({
      kind: "current",
      level: 5,
    });
  });

  test("known migrations missing are pending, named in order", () => {
    expect(classifySchema([1], ["schema_migrations", "users"], list)).toEqual({
      kind: "behind",
      level: 1,
      pending: ["second", "fifth"],
    });
  });

  test("a migration this build does not know means a newer build wrote the database", () => {
    expect(classifySchema([1, 2, 5, 7, 6], ["schema_migrations"], list)).toEqual({
      kind: "ahead",
      level: 7,
      unknown: [6, 7],
    });
  });

  test("the latest level is the highest id, not the count", () => {
    expect(latestMigrationLevel(list)).toBe(5);
    expect(latestMigrationLevel()).toBeGreaterThanOrEqual(30);
  });
});
