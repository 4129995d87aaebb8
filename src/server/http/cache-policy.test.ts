import { describe, expect, test } from "bun:test";
import { expectAnswers, expectSameAnswer } from "../../shared/test-support/answer-cases.ts";
import { cachePolicyFor, type Encoding, isContentHashed, pickEncoding } from "./cache-policy.ts";

const immutable = "public, max-age=31536000, immutable";
const oneHour = "public, max-age=3600";

describe("cachePolicyFor", () => {
  const hashedAssets = ["/assets/admin-main-n5z03ses.js", "/assets/admin-main-b7gxw2p5.css"];
  const hashedChunks = ["/sdk/launcher-chunk-rqz2yed3.js", "/assets/chunk-efgh5678.js"];
  const policies: [name: string, policy: string, paths: string[]][] = [
    ["the stable loader is revalidated on every load", "no-cache", ["/sdk/loader.js", "/latest-build.json"]],
    [
      "HTML pages and folder paths are revalidated",
      "no-cache",
      ["/demo/index.html", "/index.html", "/demo/"],
    ],
    [
      "content-hashed scripts and styles are immutable for a year",
      immutable,
      [...hashedAssets, ...hashedChunks],
    ],
    [
      "other files are cached for an hour",
      oneHour,
      ["/flags/de.svg", "/demo/demo.css", "/sounds/ping.mp3", "/sdk/other-loader.js"],
    ],
  ];
  for (const [name, policy, paths] of policies) {
    test(name, () => expectSameAnswer(cachePolicyFor, paths, policy));
  }
});

describe("isContentHashed", () => {
  test("recognises build names with an 8+ character lower-case hash", () => {
    const hashed = ["/assets/admin-main-abcd1234.js", "/assets/chunk-0123456789ab.css"];
    expectSameAnswer(isContentHashed, [...hashed, "/assets/messenger-main-52wbsx6r.js"], true);
  });

  test("rejects names without a hash", () => {
    // Too short, upper case, an underscore before the hash, no extension.
    const malformed = ["/assets/main-abc123.js", "/assets/main-ABCD1234.js", "/assets/main_abcd1234.js"];
    const unhashed = ["/sdk/loader.js", "/flags/de.svg", ...malformed, "/assets/main-abcd1234"];
    expectSameAnswer(isContentHashed, unhashed, false);
  });

  test("only build output folders hold hashed names", () => {
    expectSameAnswer(isContentHashed, ["/feedback-launcher.js", "/demo/feedback-launcher.js"], false);
    expect(cachePolicyFor("/sounds/notification-chime.mp3")).toBe(oneHour);
  });
});

describe("pickEncoding", () => {
  // Each case: the Accept-Encoding header, the variants on disk, and the encoding picked.
  const pick = ([header, available]: readonly [string | null, Encoding[]]) => pickEncoding(header, available);

  test("prefers br when both variants exist and both are accepted", () => {
    expectAnswers(pick, [
      [["gzip, deflate, br", ["br", "gzip"]], "br"],
      [["gzip, br", ["gzip", "br"]], "br"],
    ]);
  });

  test("falls back to gzip when br is not accepted", () => {
    expect(pickEncoding("gzip, deflate", ["br", "gzip"])).toBe("gzip");
  });

  test("falls back to gzip when br is not available", () => {
    expect(pickEncoding("br, gzip", ["gzip"])).toBe("gzip");
  });

  test("a q=0 entry refuses that encoding", () => {
    expectAnswers(pick, [
      [["br;q=0, gzip", ["br", "gzip"]], "gzip"],
      [["br; q=0, gzip;q=0", ["br", "gzip"]], null],
      [["br;q=0.5", ["br"]], "br"],
    ]);
  });

  test("a wildcard accepts what is not named", () => {
    expectAnswers(pick, [
      [["*", ["br", "gzip"]], "br"],
      [["br;q=0, *", ["br", "gzip"]], "gzip"],
      [["*;q=0", ["br", "gzip"]], null],
      [["*;q=0, gzip", ["br", "gzip"]], "gzip"],
    ]);
  });

  test("names are matched case-insensitively", () => {
    expect(pickEncoding("BR", ["br"])).toBe("br");
  });

  test("a missing or empty header picks nothing", () => {
    expectAnswers(pick, [
      [[null, ["br", "gzip"]], null],
      [["", ["br", "gzip"]], null],
    ]);
  });

  test("nothing available picks nothing", () => {
    expect(pickEncoding("br, gzip", [])).toBeNull();
  });

  test("an unrelated accepted encoding picks nothing", () => {
    expect(pickEncoding("deflate, identity", ["br", "gzip"])).toBeNull();
  });
});
