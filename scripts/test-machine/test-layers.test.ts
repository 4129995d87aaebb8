import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  databaseReach,
  isTimedTest,
  layerViolations,
  type TestLayer,
  testFilesOf,
  testLayerOf,
  timedTests,
} from "./test-layers.ts";

const root = join(import.meta.dir, "..", "..");

/** A tree of files given as text, for the rules' own tests. */
const treeOf = (files: Record<string, string>) => ({ read: (path: string) => files[path] ?? null });

describe("test layers", () => {
  test("a test file's name declares its layer", () => {
    const expected: Record<string, TestLayer | null> = {
      "src/a.test.ts": "unit",
      "src/a.test.tsx": "unit",
      "src/a.db.test.ts": "db",
      "src/a.sqlite.test.ts": "sqlite",
      "src/a.pg.test.ts": "pg",
      "src/a.ts": null,
      "src/db.test-support.ts": null,
    };
    const layers = Object.fromEntries(Object.keys(expected).map((file) => [file, testLayerOf(file)]));
    expect(layers).toEqual(expected);
  });

  test("a database is reached through run-time imports only, transitively", () => {
    const tree = treeOf({
      "src/a.test.ts": 'import { f } from "./helper.ts";\nimport type { T } from "./types.ts";\nf();',
      "src/helper.ts":
        'import { startTestServer } from "./server/test-support/test-server.ts";\nexport const f = startTestServer;',
      "src/server/test-support/test-server.ts": "export const startTestServer = 1;",
      "src/types.ts":
        'import { openDatabase } from "./server/database/database.ts";\nexport type T = typeof openDatabase;',
      "src/b.test.ts": 'import type { T } from "./types.ts";\nexport const x: T | null = null;',
      "src/c.test.ts": 'import { Database } from "bun:sqlite";\nnew Database(":memory:");',
    });
    expect(databaseReach("src/a.test.ts", tree)).toBe("src/server/test-support/test-server.ts");
    expect(databaseReach("src/b.test.ts", tree)).toBeNull();
    expect(databaseReach("src/c.test.ts", tree)).toBe("src/c.test.ts");
  });

  test("names that do not match the imports are reported, each with what to do", () => {
    const tree = treeOf({
      "src/unit.test.ts":
        'import { startTestServer } from "./server/test-support/test-server.ts";\nstartTestServer();',
      "src/server/test-support/test-server.ts": "export const startTestServer = () => 1;",
      "src/plain.db.test.ts": "export {};",
      "src/plain.sqlite.test.ts": "export {};",
      "src/right.db.test.ts": 'import { startTestServer } from "./server/test-support/test-server.ts";',
      "src/no-pass.pg.test.ts": 'import { startTestServer } from "./server/test-support/test-server.ts";',
      "src/with-pass.pg.test.ts":
        'import { postgresPassUrl } from "./server/test-support/postgres-pass.ts";\npostgresPassUrl();',
      "src/server/test-support/postgres-pass.ts": "export const postgresPassUrl = () => '';",
    });
    const violations = layerViolations(
      [
        "src/unit.test.ts",
        "src/plain.db.test.ts",
        "src/plain.sqlite.test.ts",
        "src/right.db.test.ts",
        "src/no-pass.pg.test.ts",
        "src/with-pass.pg.test.ts",
        "src/server/test-support/test-server.ts",
      ],
      tree,
    );
    expect(violations).toEqual([
      "src/unit.test.ts reaches a database through src/server/test-support/test-server.ts: name it .db.test.ts or .sqlite.test.ts",
      "src/plain.db.test.ts reaches no database: name it .test.ts",
      "src/plain.sqlite.test.ts reaches no database: name it .test.ts",
      "src/no-pass.pg.test.ts is a PostgreSQL-pass test but does not take its database from src/server/test-support/postgres-pass.ts",
    ]);
  });

  test("every test file of the repository is named after its layer", async () => {
    const files = (await Bun.$`git ls-files -co --exclude-standard`.cwd(root).text())
      .split("\n")
      .filter((path) => testLayerOf(path) !== null && existsSync(join(root, path)));
    expect(files.length).toBeGreaterThan(300);
    const tree = {
      read: (path: string) => (existsSync(join(root, path)) ? readFileSync(join(root, path), "utf8") : null),
    };
    expect(layerViolations(files, tree)).toEqual([]);
  });

  test("the timed tests run in their own stage and nowhere twice: every entry names test files, and a pass without them plus them is the whole pass", async () => {
    const allLayers: TestLayer[] = ["unit", "db", "sqlite", "pg"];
    for (const entry of timedTests) expect(await testFilesOf(allLayers, [entry], root)).not.toEqual([]);
    for (const layers of [
      ["unit", "db", "sqlite"],
      ["db", "pg"],
    ] as TestLayer[][]) {
      const all = await testFilesOf(layers, [], root);
      const only = await testFilesOf(layers, [], root, "only");
      const skip = await testFilesOf(layers, [], root, "skip");
      expect(only.every(isTimedTest)).toBe(true);
      expect(skip.some(isTimedTest)).toBe(false);
      expect([...only, ...skip].sort()).toEqual(all);
    }
    expect(await testFilesOf(["sqlite"], [], root, "only")).toEqual([
      "src/server/cli/compiled-binary.sqlite.test.ts",
      "src/server/database/sqlite-wal-checkpointer.sqlite.test.ts",
    ]);
    expect(await testFilesOf(["pg"], ["scripts/cluster"], root, "only")).toContain(
      "scripts/cluster/node-failover.pg.test.ts",
    );
  });
});
