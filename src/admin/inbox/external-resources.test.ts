import { describe, expect, test } from "bun:test";
import {
  externalPlaceholder,
  externalResources,
  framePolicy,
  originOf,
  srcsetCandidates,
} from "./external-resources.ts";
import { ownOrigins } from "./own-origins.ts";

const own = ["https://admin.test", "https://messenger.test"];
const make = (allowExternal: boolean) =>
  externalResources({ own, base: "https://acme.test/shop/cart", allowExternal });

describe("externalResources", () => {
  test("our own origins load, any other web address is held back and counted once", () => {
    const resources = make(false);
    expect(resources.url("https://admin.test/api/files/uploads/a.png", "image")).toBe(
      "https://admin.test/api/files/uploads/a.png",
    );
    expect(resources.url("https://messenger.test/x.webm", "other")).toBe("https://messenger.test/x.webm");
    expect(resources.url("https://tracker.test/p.png", "image")).toBe(externalPlaceholder);
    expect(resources.url("http://tracker.test/p.png", "image")).toBe(externalPlaceholder);
    expect(resources.url("//tracker.test/v.webm", "other")).toBeNull();
    expect(resources.url(" HTTPS://TRACKER.test/p.png ", "image")).toBe(externalPlaceholder);
    // A port makes another origin.
    expect(resources.url("https://admin.test:8443/p.png", "image")).toBe(externalPlaceholder);
    expect([...resources.found]).toEqual([
      "https://tracker.test/p.png",
      "http://tracker.test/p.png",
      "https://tracker.test/v.webm",
      "https://admin.test:8443/p.png",
    ]);
  });

  test("relative addresses are the reported page's", () => {
    const resources = make(true);
    expect(resources.url("../logo.png", "image")).toBe("https://acme.test/logo.png");
    expect(resources.url("/\\tracker.test/x.png", "image")).toBe("https://tracker.test/x.png");
    expect(resources.found.size).toBe(2);
  });

  test("addresses that never leave the browser stay; scripts and other schemes go", () => {
    const resources = make(true);
    expect(resources.url("data:image/png;base64,AAAA", "image")).toBe("data:image/png;base64,AAAA");
    expect(resources.url("blob:https://acme.test/1234", "other")).toBe("blob:https://acme.test/1234");
    expect(resources.url("#clip", "other")).toBe("#clip");
    expect(resources.url("", "image")).toBe("");
    expect(resources.url("javascript:alert(1)", "other")).toBeNull();
    expect(resources.url("java\tscript:alert(1)", "other")).toBeNull();
    expect(resources.url("file:///etc/passwd", "image")).toBeNull();
    expect(resources.url("https://[not an address", "image")).toBeNull();
    expect(resources.found.size).toBe(0);
  });

  test("allowed, external addresses load as absolute addresses", () => {
    const resources = make(true);
    expect(resources.url("https://tracker.test/p.png", "image")).toBe("https://tracker.test/p.png");
    expect(resources.css("a{background:url(img/bg.png)}")).toBe(
      'a{background:url("https://acme.test/shop/img/bg.png")}',
    );
    expect(resources.srcset("a.png 1x, https://tracker.test/b.png 2x")).toBe(
      "https://acme.test/shop/a.png 1x, https://tracker.test/b.png 2x",
    );
  });

  test("held back, pictures become the placeholder in markup and in CSS", () => {
    const resources = make(false);
    expect(resources.css("a{background:url(https://tracker.test/bg.png)} b{color:red}")).toBe(
      `a{background:url("${externalPlaceholder}")} b{color:red}`,
    );
    expect(resources.css("b{color:red}")).toBe("b{color:red}");
    expect(resources.srcset("https://tracker.test/a.png 1x, https://admin.test/b.png 2x")).toBe(
      `${externalPlaceholder} 1x, https://admin.test/b.png 2x`,
    );
    expect(externalPlaceholder).not.toMatch(/[<>"'()\s]/);
  });

  test("views of one report share their count", () => {
    const found = new Set<string>();
    const a = externalResources({ own, base: "https://acme.test/", allowExternal: false, found });
    const b = externalResources({ own, base: "https://admin.test/dashboard", allowExternal: false, found });
    a.url("https://tracker.test/1.png", "image");
    b.url("https://tracker.test/1.png", "image");
    b.url("https://tracker.test/2.webm", "other");
    expect(found.size).toBe(2);
  });
});

describe("srcsetCandidates", () => {
  test("reads addresses with commas, descriptors with parentheses and trailing commas", () => {
    expect(srcsetCandidates("data:image/png;base64,AA,BB 1x, b.png 640w,c.png,, d.png (x, y) 2x")).toEqual([
      { url: "data:image/png;base64,AA,BB", descriptors: "1x" },
      { url: "b.png", descriptors: "640w" },
      { url: "c.png", descriptors: "" },
      { url: "d.png", descriptors: "(x, y) 2x" },
    ]);
  });
});

describe("framePolicy and our origins", () => {
  test("the frames load pictures, media and fonts from data:, blob: and our origins only, unless allowed", () => {
    expect(framePolicy(own, false)).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: blob: https://admin.test https://messenger.test; media-src data: blob: https://admin.test https://messenger.test; font-src data: blob: https://admin.test https://messenger.test",
    );
    expect(framePolicy(own, true)).toContain(
      "img-src data: blob: https://admin.test https://messenger.test https: http:",
    );
  });

  test("the admin's origin and the messenger's", () => {
    expect(ownOrigins("https://admin.test", "https://messenger.test/")).toEqual(own);
    expect(ownOrigins("https://admin.test", "https://admin.test")).toEqual(["https://admin.test"]);
    expect(ownOrigins("https://admin.test", undefined)).toEqual(["https://admin.test"]);
    expect(originOf("javascript:alert(1)")).toBeNull();
  });
});
