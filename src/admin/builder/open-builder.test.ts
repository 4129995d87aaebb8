import { describe, expect, test } from "bun:test";
import { adminToSite } from "../../shared/builder-messages.ts";
import { parseFrameMessage } from "../../shared/frame-messages.ts";
import { answerSite, builderInitText, type OpenBuilderOptions, targetOrigin } from "./open-builder.ts";

const options: OpenBuilderOptions = {
  kind: "tour",
  projectId: "p1",
  itemId: "o1",
  url: "https://shop.example.com/start?x=1",
};

describe("builderInitText", () => {
  test("is a load message the site's schema accepts, with the item, the API base and the token", () => {
    const text = builderInitText(options, "token-1", "https://admin.example.com/api", "de");
    expect(parseFrameMessage(text, adminToSite)).toEqual({
      name: "load",
      type: "admin",
      data: {
        kind: "tour",
        projectId: "p1",
        itemId: "o1",
        apiUrl: "https://admin.example.com/api",
        accessToken: "token-1",
        locale: "de",
      },
    });
  });
});

describe("answerSite", () => {
  const init = JSON.stringify({ name: "init", type: "admin" });

  test("answers the site's init with load", () => {
    const { reply, message } = answerSite(init, options, "token-2", "http://a/api");
    expect(message?.name).toBe("init");
    expect(parseFrameMessage(reply, adminToSite)?.data.accessToken).toBe("token-2");
  });

  test("answers nothing while signed out", () => {
    expect(answerSite(init, options, null, "http://a/api").reply).toBeNull();
  });

  test("passes save on without answering, and ignores what is not an admin message", () => {
    const save = JSON.stringify({ name: "save", type: "admin", data: { kind: "tour", itemId: "o1" } });
    expect(answerSite(save, options, "t", "http://a/api")).toEqual({
      reply: null,
      message: { name: "save", type: "admin", data: { kind: "tour", itemId: "o1" } },
    });
    for (const raw of [
      { name: "init", type: "admin" },
      JSON.stringify({ name: "init", type: "tourbuilder" }),
      JSON.stringify({ name: "load", type: "admin" }),
      "not json",
    ]) {
      expect(answerSite(raw, options, "t", "http://a/api")).toEqual({ reply: null, message: null });
    }
  });
});

describe("targetOrigin", () => {
  test("is the target page's origin, relative URLs against the admin's", () => {
    expect(targetOrigin(options.url, "http://admin.local/")).toBe("https://shop.example.com");
    expect(targetOrigin("/demo", "http://localhost:3000/dashboard")).toBe("http://localhost:3000");
  });

  test("refuses what is not an http(s) page", () => {
    expect(targetOrigin("javascript:alert(1)", "http://a/")).toBeNull();
    expect(targetOrigin("http://[bad", "http://a/")).toBeNull();
  });
});
