import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { FetchError } from "ofetch";
import {
  clearFatalError,
  errorState,
  isBotUserAgent,
  isOwnFailure,
  reportFatalError,
  toAppError,
} from "./app-error.ts";

afterEach(clearFatalError);

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

describe("error page fields", () => {
  test("a plain error: status 500, 'Internal Server Error', its message", () => {
    expect(toAppError(new Error("boom"))).toEqual({
      statusCode: 500,
      statusMessage: "Internal Server Error",
      message: "boom",
    });
  });

  test("a 404 without a status message defaults to 'Page Not Found'", () => {
    expect(toAppError({ statusCode: 404, message: "x" })).toMatchObject({
      statusCode: 404,
      statusMessage: "Page Not Found",
    });
  });

  test("a given status message is kept; the server's error body wins over the generic message", () => {
    const failure = Object.assign(new FetchError("[GET] /api/users: 503"), {
      statusCode: 503,
      statusMessage: "Service Unavailable",
      data: { error: "There seems to be an error, please try again later." },
    });
    expect(toAppError(failure)).toEqual({
      statusCode: 503,
      statusMessage: "Service Unavailable",
      message: "There seems to be an error, please try again later.",
    });
  });

  test("odd values: a string, nothing, an impossible status", () => {
    expect(toAppError("went wrong")).toEqual({
      statusCode: 500,
      statusMessage: "Internal Server Error",
      message: "went wrong",
    });
    expect(toAppError(undefined).statusCode).toBe(500);
    expect(toAppError({ statusCode: 200 }).statusCode).toBe(500);
  });
});

describe("bots", () => {
  test("the spec's names are bots, in any case", () => {
    for (const agent of [
      "Googlebot/2.1 (+http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0)",
      "Mozilla/5.0 Chrome-Lighthouse",
      "facebookexternalhit/1.1",
      "Google-InspectionTool/1.0",
    ])
      expect(isBotUserAgent(agent)).toBe(true);
    expect(isBotUserAgent(chrome)).toBe(false);
  });

  test("a bot's fatal error is only logged; a person's shows the error page", () => {
    const log = spyOn(console, "error").mockImplementation(() => {});
    try {
      reportFatalError(new Error("for the bot"), "Googlebot/2.1");
      expect(errorState.error).toBeNull();
      expect(log).toHaveBeenCalledTimes(1);
      reportFatalError(new Error("for a person"), chrome);
      expect(errorState.error).toMatchObject({ statusCode: 500, message: "for a person" });
    } finally {
      log.mockRestore();
    }
  });
});

describe("unhandled rejections", () => {
  const origin = "https://admin.example";

  test("the app's own errors and failed API calls count", () => {
    const own = new Error("broken");
    own.stack = `Error: broken\n    at load (${origin}/assets/chunk-abcd1234.js:1:200)`;
    expect(isOwnFailure(own, origin)).toBe(true);
    expect(isOwnFailure(new FetchError("[GET] /api/users: 500"), origin)).toBe(true);
  });

  test("third-party rejections do not: null, strings, errors from other origins", () => {
    const foreign = new Error("Timeout");
    foreign.stack =
      "Error: Timeout\n    at https://www.gstatic.com/recaptcha/releases/x/recaptcha__en.js:1:1";
    expect(isOwnFailure(null, origin)).toBe(false);
    expect(isOwnFailure("Timeout", origin)).toBe(false);
    expect(isOwnFailure(foreign, origin)).toBe(false);
  });
});
