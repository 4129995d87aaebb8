import { describe, expect, test } from "bun:test";
import { validate } from "superstruct";
import { NewsWrite } from "../../shared/news-api.ts";
import { newsWrite } from "./content-actions.ts";
import { storedNewsPost, textDoc } from "./content-test-kit.ts";

describe("publishing a news post", () => {
  test("writes the post back whole: its document and every language's version", () => {
    const post = storedNewsPost({
      title: "Faster checkout",
      preview: "Two clicks",
      body: "<p>Checkout</p>",
      bodyDoc: textDoc("Checkout"),
      authorName: "Lena",
      translations: {
        de: {
          title: "Schneller bezahlen",
          preview: "",
          body: "<p>Bezahlen</p>",
          bodyDoc: textDoc("Bezahlen"),
        },
      },
    });
    const write = newsWrite(post, "live");
    expect(write).toMatchObject({ status: "live", bodyDoc: textDoc("Checkout") });
    expect(write.translations).toEqual({ de: post.translations.de, ar: null });
    expect(validate(write, NewsWrite)[0]).toBeUndefined();
  });
});
