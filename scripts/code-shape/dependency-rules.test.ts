import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Exceptions, importsOf, ruleBreaks } from "./dependency-rules.ts";

const root = join(import.meta.dir, "..", "..");

/** The known exceptions of docs/architecture.md ("Dependency rules"), importer → imported. */
const knownExceptions: Exceptions = {
  "src/server/platform-api/admin-widget-routes.ts": ["src/server/widget-api/widget-lookup-cache.ts"],
  "src/server/platform-api/outbound/publishable-kinds.ts": ["src/server/widget-api/widget-lookup-cache.ts"],
  "src/server/platform-api/outbound/builder-draft-routes.ts": [
    "src/server/widget-api/widget-lookup-cache.ts",
  ],
  "src/server/platform-api/projects/project-settings-routes.ts": [
    "src/server/widget-api/widget-lookup-cache.ts",
  ],
  "src/admin/projects/launcher-preview.tsx": [
    "src/widget/launcher/launcher-model.ts",
    "src/widget/launcher/launcher-styles.ts",
    "src/widget/common/text-colour.ts",
  ],
};

function repoGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const glob = new Bun.Glob("{loader,src,scripts}/**/*.{ts,tsx}");
  for (const file of [...glob.scanSync({ cwd: root }), "build.ts"]) {
    graph.set(file, importsOf(file, readFileSync(join(root, file), "utf8")));
  }
  return graph;
}

describe("the dependency rules of docs/architecture.md", () => {
  test("the repository keeps them, but for the known exceptions the document lists", () => {
    const graph = repoGraph();
    expect(graph.size).toBeGreaterThan(500);
    const { breaks, staleExceptions } = ruleBreaks(graph, knownExceptions);
    expect(breaks).toEqual([]);
    // An exception mended is taken out of the list and the document.
    expect(staleExceptions).toEqual([]);
  });

  test("a break of each kind is found", () => {
    const graph = new Map<string, string[]>([
      ["src/shared/a.ts", ["src/server/x.ts"]],
      ["src/widget/banner/b.ts", ["src/widget/tours/t.ts", "loader/l.ts", "src/server/y.ts"]],
      ["src/widget/common/c.ts", ["src/widget/banner/b.ts"]],
      ["src/server/widget-api/w.ts", ["src/server/platform-api/p.ts"]],
      ["src/server/domain/d.ts", ["src/server/widget-api/w.ts"]],
      ["src/server/server.ts", ["src/server/demo-data/seed.ts", "src/server/test-support/test-server.ts"]],
      ["loader/l.ts", ["src/admin/a.tsx"]],
      ["src/messenger/m.tsx", ["src/widget/common/c.ts"]],
      // Tests are outside the rules.
      ["src/widget/banner/b.test.ts", ["src/server/test-support/test-server.ts"]],
    ]);
    const { breaks } = ruleBreaks(graph, {});
    expect(breaks).toEqual([
      "a widget surface imports only itself and src/widget/common/: src/widget/banner/b.ts imports src/widget/tours/t.ts",
      "clients never import server code: src/widget/banner/b.ts imports src/server/y.ts",
      "domain, http and realtime never import the route folders: src/server/domain/d.ts imports src/server/widget-api/w.ts",
      "production code never imports demo data but through demo-seed.ts: src/server/server.ts imports src/server/demo-data/seed.ts",
      "production code never imports test helpers, e2e or bench: src/server/server.ts imports src/server/test-support/test-server.ts",
      "src/shared/ imports no other part of the repo: src/shared/a.ts imports src/server/x.ts",
      "src/widget/common/ imports no surface: src/widget/common/c.ts imports src/widget/banner/b.ts",
      "the clients do not import each other: loader/l.ts imports src/admin/a.tsx",
      "the clients do not import each other: src/messenger/m.tsx imports src/widget/common/c.ts",
      "the clients do not import each other: src/widget/banner/b.ts imports loader/l.ts",
      "the loader imports no widget chunk, messenger or admin: loader/l.ts imports src/admin/a.tsx",
      "the widget API does not import the platform API: src/server/widget-api/w.ts imports src/server/platform-api/p.ts",
      "widget chunks import nothing from loader/: src/widget/banner/b.ts imports loader/l.ts",
    ]);
  });

  test("imports are read with type-only ones and dynamic ones, resolved from the file's folder", () => {
    const source = `import type { A } from "../shared/a.ts";\nimport { b } from "./b.ts";\nconst c = await import("../../loader/c.ts");\nimport { d } from "react";`;
    expect(importsOf("src/widget/x.ts", source).sort()).toEqual([
      "loader/c.ts",
      "src/shared/a.ts",
      "src/widget/b.ts",
    ]);
  });
});
