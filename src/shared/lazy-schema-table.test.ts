import { describe, expect, test } from "bun:test";
import { is, literal, type } from "superstruct";
import { lazyTable } from "./lazy-schema-table.ts";

describe("lazyTable", () => {
  test("builds a name's struct when it is first read, once", () => {
    const built: string[] = [];
    const table = lazyTable({
      ping: () => {
        built.push("ping");
        return type({ name: literal("ping") });
      },
      close: () => {
        built.push("close");
        return type({ name: literal("close") });
      },
    });
    expect(built).toEqual([]);
    const first = table.ping;
    expect(is({ name: "ping" }, first)).toBe(true);
    expect(is({ name: "close" }, first)).toBe(false);
    expect(table.ping).toBe(first);
    expect(built).toEqual(["ping"]);
  });

  test("its names are own, enumerable keys, and nothing else is", () => {
    const table = lazyTable({ ping: () => type({ name: literal("ping") }) });
    expect(Object.keys(table)).toEqual(["ping"]);
    expect(Object.hasOwn(table, "ping")).toBe(true);
    expect(Object.hasOwn(table, "__proto__")).toBe(false);
    expect(Object.hasOwn(table, "constructor")).toBe(false);
  });
});
