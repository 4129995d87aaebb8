import { describe, expect, test } from "bun:test";
import { cachePolicyFor, isContentHashed, pickEncoding } from "./cache-policy.ts";

const immutable = "public, max-age=31536000, immutable";
const oneHour = "public, max-age=3600";

describe("cachePolicyFor", () => {
  test("the stable loader is revalidated on every load", () => {
    expect(cachePolicyFor("/sdk/loader.js")).toBe("no-cache");
    expect(cachePolicyFor("/latest-build.json")).toBe("no-cache");
  });

  test("HTML pages and folder paths are revalidated", () => {
    expect(cachePolicyFor("/demo/index.html")).toBe("no-cache");
    expect(cachePolicyFor("/index.html")).toBe("no-cache");
    expect(cachePolicyFor("/demo/")).toBe("no-cache");
  });

  test("content-hashed scripts and styles are immutable for a year", () => {
    expect(cachePolicyFor("/assets/admin-main-n5z03ses.js")).toBe(immutable);
    expect(cachePolicyFor("/assets/admin-main-b7gxw2p5.css")).toBe(immutable);
    expect(cachePolicyFor("/sdk/launcher-chunk-rqz2yed3.js")).toBe(immutable);
    expect(cachePolicyFor("/assets/chunk-efgh5678.js")).toBe(immutable);
  });

  test("other files are cached for an hour", () => {
    expect(cachePolicyFor("/flags/de.svg")).toBe(oneHour);
    expect(cachePolicyFor("/demo/demo.css")).toBe(oneHour);
    expect(cachePolicyFor("/sounds/ping.mp3")).toBe(oneHour);
    expect(cachePolicyFor("/sdk/other-loader.js")).toBe(oneHour);
  });
});

describe("isContentHashed", () => {
  test("recognises build names with an 8+ character lower-case hash", () => {
    expect(isContentHashed("/assets/admin-main-abcd1234.js")).toBe(true);
    expect(isContentHashed("/assets/chunk-0123456789ab.css")).toBe(true);
    expect(isContentHashed("/assets/messenger-main-52wbsx6r.js")).toBe(true);
  });

  test("rejects names without a hash", () => {
    expect(isContentHashed("/sdk/loader.js")).toBe(false);
    expect(isContentHashed("/flags/de.svg")).toBe(false);
    expect(isContentHashed("/assets/main-abc123.js")).toBe(false);
    expect(isContentHashed("/assets/main-ABCD1234.js")).toBe(false);
    expect(isContentHashed("/assets/main_abcd1234.js")).toBe(false);
    expect(isContentHashed("/assets/main-abcd1234")).toBe(false);
  });

  test("only build output folders hold hashed names", () => {
    expect(isContentHashed("/feedback-launcher.js")).toBe(false);
    expect(isContentHashed("/demo/feedback-launcher.js")).toBe(false);
    expect(cachePolicyFor("/sounds/notification-chime.mp3")).toBe(oneHour);
  });
});

describe("pickEncoding", () => {
  test("prefers br when both variants exist and both are accepted", () => {
    expect(pickEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br");
    expect(pickEncoding("gzip, br", ["gzip", "br"])).toBe("br");
  });

  test("falls back to gzip when br is not accepted", () => {
    expect(pickEncoding("gzip, deflate", ["br", "gzip"])).toBe("gzip");
  });

  test("falls back to gzip when br is not available", () => {
    expect(pickEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });

  test("a q=0 entry refuses that encoding", () => {
    expect(pickEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(pickEncoding("br; q=0, gzip;q=0", ["br", "gzip"])).toBeNull();
    expect(pickEncoding("br;q=0.5", ["br"])).toBe("br");
  });

  test("a wildcard accepts what is not named", () => {
    expect(pickEncoding("*", ["br", "gzip"])).toBe("br");
    expect(pickEncoding("br;q=0, *", ["br", "gzip"])).toBe("gzip");
    expect(pickEncoding("*;q=0", ["br", "gzip"])).toBeNull();
    expect(pickEncoding("*;q=0, gzip", ["br", "gzip"])).toBe("gzip");
  });

  test("names are matched case-insensitively", () => {
    expect(pickEncoding("BR", ["br"])).toBe("br");
  });

  test("a missing or empty header picks nothing", () => {
    expect(pickEncoding(null, ["br", "gzip"])).toBeNull();
    expect(pickEncoding("", ["br", "gzip"])).toBeNull();
  });

  test("nothing available picks nothing", () => {
    expect(pickEncoding("br, gzip", [])).toBeNull();
  });

  test("an unrelated accepted encoding picks nothing", () => {
    expect(pickEncoding("deflate, identity", ["br", "gzip"])).toBeNull();
  });
});
