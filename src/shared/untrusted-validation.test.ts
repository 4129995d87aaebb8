import { describe, expect, test } from "bun:test";
import { array, is, object, string } from "superstruct";
import { isUntrusted, validateUntrusted } from "./untrusted-validation.ts";

const Login = object({ email: string() });
const hostile = JSON.parse('[{"toString":""}]');

describe("validating values from outside", () => {
  test("superstruct itself throws on an object whose toString is not a function", () => {
    expect(() => is(hostile, Login)).toThrow(TypeError);
  });

  test("here such a value is a failure at the root, never a throw", () => {
    const [error, value] = validateUntrusted(hostile, Login);
    expect(value).toBeUndefined();
    expect(error?.path).toEqual([]);
    expect(error?.failures()).toHaveLength(1);
    expect(isUntrusted(hostile, Login)).toBe(false);
  });

  test("failures found later in the value are guarded too", () => {
    const later = JSON.parse('{"list":["a",{"toString":1,"valueOf":2}]}');
    const [error] = validateUntrusted(later, object({ list: array(string()) }));
    expect(error).toBeDefined();
  });

  test("ordinary values validate and coerce as with superstruct", () => {
    expect(validateUntrusted({ email: "a@b.c" }, Login)).toEqual([undefined, { email: "a@b.c" }]);
    const [error] = validateUntrusted({ email: 3 }, Login);
    expect(error?.path).toEqual(["email"]);
    expect(isUntrusted({ email: "x" }, Login)).toBe(true);
  });
});
