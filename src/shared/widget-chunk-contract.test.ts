import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processTestTimeoutMs } from "../server/test-support/test-timeouts.ts";
import { surfaceCommands, widgetChunkNames } from "./widget-chunk-contract.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

const contract = join(import.meta.dir, "widget-chunk-contract.ts");
const tsc = join(import.meta.dir, "..", "..", "node_modules", ".bin", "tsc");

/** Type-checks a snippet that imports the contract; answers tsc's exit code and output. */
async function typeCheck(source: string): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), "contract-"));
  try {
    const file = join(dir, "use.ts");
    writeFileSync(file, `import type * as C from ${JSON.stringify(contract)};\n${source}\n`);
    const child = Bun.spawn(
      [
        tsc,
        "--ignoreConfig",
        "--noEmit",
        "--strict",
        "--skipLibCheck",
        "--target",
        "es2022",
        "--module",
        "preserve",
        "--moduleResolution",
        "bundler",
        "--allowImportingTsExtensions",
        "--jsx",
        "react-jsx",
        "--lib",
        "es2023,dom,dom.iterable",
        "--types",
        "bun",
        file,
      ],
      { stdout: "pipe", stderr: "pipe", cwd: join(import.meta.dir, "..", "..") },
    );
    const output = await new Response(child.stdout).text();
    return { code: await child.exited, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the command table (one declaration for routes, methods and each chunk's run)", () => {
  test("every command is served by one surface, and every routed surface has a chunk", () => {
    const seen = new Map<string, string>();
    for (const [surface, entries] of Object.entries(surfaceCommands)) {
      expect(widgetChunkNames as readonly string[]).toContain(surface);
      for (const entry of entries.split(" ")) {
        expect(entry).toMatch(/^[a-zA-Z]+\+?\??$/);
        const name = entry.replace(/\W/g, "");
        expect(seen.get(name)).toBeUndefined();
        seen.set(name, surface);
      }
    }
    expect(seen.get("showBanner")).toBe("banner");
  });

  test(
    "tsc accepts real commands and refuses a misspelt or unrouted one",
    async () => {
      const good = await typeCheck(
        'const a: C.HostCommandName = "startFeedbackFlow";\nconst b: C.SurfaceCommand<"banner"> = "closeBanner";\nconst c: C.RoutedMethodName = "showSurvey";\nconst d: C.SurfaceCommand<"network-log"> = "entries";\nexport { a, b, c, d };',
      );
      expect(good).toEqual({ code: 0, output: "" });
      for (const bad of [
        'export const a: C.HostCommandName = "startFeedbackFlo";',
        'export const b: C.SurfaceCommand<"banner"> = "showModal";',
        // Routed, but not a host API method of its own.
        'export const c: C.RoutedMethodName = "startBuilder";',
        'export const d: C.HostCommandName = "entries";',
      ]) {
        const result = await typeCheck(bad);
        expect(result.code).not.toBe(0);
        expect(result.output).toContain("is not assignable to type");
      }
    },
    processTestTimeoutMs,
  );

  test(
    "each chunk's door fits its own surface: its run takes that surface's commands",
    async () => {
      const entry = (name: string) =>
        [".ts", ".tsx"]
          .map((extension) => join(import.meta.dir, "..", "widget", name, `${name}-chunk${extension}`))
          .find((path) => existsSync(path));
      // A function property, unlike the contract's method, is checked strictly: the door's run must
      // take exactly what its surface is sent.
      const door =
        "type Door<S extends C.WidgetChunkName> = { mount: C.WidgetChunk['mount']; run?: (command: C.SurfaceCommand<S>, args: unknown[]) => unknown };";
      const doors = widgetChunkNames.map(
        (name, index) =>
          `import type * as door${index} from ${JSON.stringify(entry(name))};\nexport const fits${index}: Door<${JSON.stringify(name)}> = {} as typeof door${index};`,
      );
      expect(await typeCheck([door, ...doors].join("\n"))).toEqual({ code: 0, output: "" });
      // The banner's door does not fit the modal: its run reads banner commands.
      const wrong = await typeCheck(
        `${door}\nimport type * as banner from ${JSON.stringify(entry("banner"))};\nexport const modal: Door<"modal"> = {} as typeof banner;`,
      );
      expect(wrong.code).not.toBe(0);
    },
    processTestTimeoutMs,
  );
});
