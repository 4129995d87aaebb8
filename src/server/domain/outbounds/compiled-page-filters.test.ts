import { describe, expect, test } from "bun:test";
import { matchesPageFilter, pageFilterTypes } from "../../../shared/page-filter.ts";
import { matchesPageFilterCached } from "./compiled-page-filters.ts";

describe("compiled page filters (server)", () => {
  const urls = ["https://shop.test/orders/42/invoice", "https://shop.test/", "https://shop.test/cart/"];
  const filters = ["/orders/{id}/invoice", "shop.test", "https://shop.test/cart", "{a}{b}", ""];

  test("answers what the shared matcher answers, for every type, asked once or again", () => {
    for (let round = 0; round < 2; round++) {
      for (const type of [...pageFilterTypes, "unknown", "toString", ""]) {
        for (const filter of filters) {
          for (const url of urls) {
            expect(`${type} ${filter} ${url}: ${matchesPageFilterCached(url, filter, type)}`).toBe(
              `${type} ${filter} ${url}: ${matchesPageFilter(url, filter, type)}`,
            );
          }
        }
      }
    }
  });

  test("more distinct filters than it keeps still match correctly", () => {
    for (let n = 0; n < 2_500; n++) {
      expect(matchesPageFilterCached(`https://shop.test/p/${n}`, `/p/${n}`, "endswith")).toBe(true);
      expect(matchesPageFilterCached(`https://shop.test/p/${n}1`, `/p/${n}`, "endswith")).toBe(false);
    }
  });
});
