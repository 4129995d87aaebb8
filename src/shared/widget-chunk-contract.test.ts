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

/**
 * Type-checks snippets that import the contract, all in one tsc run (a run loads the widget's types
 * once, which is most of its time); answers per snippet whether tsc refused it and what it said of it.
 */
async function typeCheck(...sources: string[]): Promise<Array<{ refused: boolean; output: string }>> {
  const dir = mkdtempSync(join(tmpdir(), "contract-"));
  try {
    const files = sources.map((source, index) => {
      const file = join(dir, `use${index}.ts`);
      writeFileSync(file, `import type * as C from ${JSON.stringify(contract)};\n${source}\n`);
      return file;
    });
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
        "--pretty",
        "false",
        ...files,
      ],
      { stdout: "pipe", stderr: "pipe", cwd: join(import.meta.dir, "..", "..") },
    );
    const lines = (await new Response(child.stdout).text()).split("\n").filter(Boolean);
    const code = await child.exited;
    const answers = sources.map((_source, index) => {
      // tsc names each error's file as it was given, relative to the working folder or not.
      const name = `use${index}.ts(`;
      const output = lines.filter((line) => line.includes(name)).join("\n");
      return { refused: output.includes("error TS"), output };
    });
    // An error in no snippet (a flag, the contract itself) must not pass for a clean check.
    if (code !== 0 && answers.every((answer) => !answer.refused))
      throw new Error(`tsc failed outside the snippets:\n${lines.join("\n")}`);
    return answers;
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
      const [good, ...refused] = await typeCheck(
        'const a: C.HostCommandName = "startFeedbackFlow";\nconst b: C.SurfaceCommand<"banner"> = "closeBanner";\nconst c: C.RoutedMethodName = "showSurvey";\nconst d: C.SurfaceCommand<"network-log"> = "entries";\nexport { a, b, c, d };',
        'export const a: C.HostCommandName = "startFeedbackFlo";',
        'export const b: C.SurfaceCommand<"banner"> = "showModal";',
        // Routed, but not a host API method of its own.
        'export const c: C.RoutedMethodName = "startBuilder";',
        'export const d: C.HostCommandName = "entries";',
      );
      expect(good).toEqual({ refused: false, output: "" });
      expect(refused).toHaveLength(4);
      for (const result of refused) {
        expect(result.refused).toBe(true);
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
      const [fitting, wrong] = await typeCheck(
        [door, ...doors].join("\n"),
        // The banner's door does not fit the modal: its run reads banner commands.
        `${door}\nimport type * as banner from ${JSON.stringify(entry("banner"))};\nexport const modal: Door<"modal"> = {} as typeof banner;`,
      );
      expect(fitting).toEqual({ refused: false, output: "" });
      expect(wrong?.refused).toBe(true);
    },
    processTestTimeoutMs,
  );
});
