import { describe, expect, test } from "bun:test";
import { blankNonCode, functionName, longFunctions } from "./long-functions.ts";

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe("long-functions", () => {
  test("finds declarations, arrows and methods over the limit, with their names and lengths", () => {
    const source = [
      "export function big({ a, b }: { a: string; b: number }) {",
      body(5),
      "}",
      "const arrow = async (x: number) => {",
      body(5),
      "};",
      "class C {",
      "  method(a: string): void {",
      body(5),
      "  }",
      "}",
      "function small() {",
      "  return 1;",
      "}",
    ].join("\n");
    const found = longFunctions("f.ts", source, 5).map(({ name, lines }) => [name, lines]);
    expect(found).toEqual([
      ["big", 7],
      ["arrow", 7],
      ["method", 7],
    ]);
  });

  test("braces and slashes inside strings, templates, comments, regexes and JSX do not count", () => {
    const source = [
      "function f() {",
      '  const s = "{ { {";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source holds a template on purpose
      "  const t = `${'}'} { ${`}`}`;",
      "  // }",
      "  /* } */",
      "  const r = /[}]/;",
      "  return <Tag x={1} />;",
      body(3),
      "}",
    ].join("\n");
    expect(longFunctions("f.tsx", source, 5)).toEqual([
      { file: "f.tsx", name: "f", startLine: 1, lines: 11 },
    ]);
    expect(blankNonCode('"a{b"')).toBe('"   "');
  });

  test("a control block is not a function", () => {
    expect(functionName(" if (x) ")).toBeNull();
    expect(functionName(" for (const a of b) ")).toBeNull();
    expect(functionName(" export function name(a: string) ")).toBe("name");
    expect(functionName(" const x = (a) => ")).toBe("x");
  });
});
