import { describe, expect, test } from "bun:test";
import { decodeAccessToken, isAdminToken, TokenDecodeError } from "./access-token.ts";

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const token = (payload: unknown) => `${encode({ alg: "HS256", typ: "JWT" })}.${encode(payload)}.signature`;

function reasonOf(input: unknown): string {
  try {
    decodeAccessToken(input);
  } catch (error) {
    expect(error).toBeInstanceOf(TokenDecodeError);
    return (error as TokenDecodeError).reason;
  }
  throw new Error("decoded");
}

describe("access token decoding", () => {
  test("reads the payload part", () => {
    const payload = { sub: "u1", sid: "s1", admin: true, email_verified: true };
    expect(decodeAccessToken(token(payload))).toEqual(payload);
    expect(isAdminToken(token(payload))).toBe(true);
    expect(isAdminToken(token({ ...payload, admin: false }))).toBe(false);
  });

  test("maps the four failures to the spec's reasons", () => {
    expect(reasonOf(42)).toBe("token must be a string");
    expect(reasonOf("no-dots")).toBe("missing part");
    expect(reasonOf("a.b")).toBe("invalid base64");
    expect(reasonOf(`x.${btoa("not json")}.y`)).toBe("invalid JSON");
  });

  test("a broken token is never an admin", () => {
    expect(isAdminToken("garbage")).toBe(false);
    expect(isAdminToken(null)).toBe(false);
  });
});
