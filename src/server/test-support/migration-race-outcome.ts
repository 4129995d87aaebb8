import { expect } from "bun:test";
import { migrations } from "../database/migrations.ts";
import type { RacerResult } from "./migration-race.ts";

/**
 * What a race of migrating processes must end in, on either engine: every process exits cleanly, and
 * each migration was applied by exactly one of them.
 */
export function expectEachMigrationAppliedOnce(results: readonly RacerResult[]): void {
  for (const result of results)
    expect({ exitCode: result.exitCode, error: result.error }, result.output).toEqual({
      exitCode: 0,
      error: undefined,
    });
  const applied = results.flatMap((result) => result.applied ?? []);
  expect(applied.toSorted()).toEqual(migrations.map((migration) => migration.name).toSorted());
}
