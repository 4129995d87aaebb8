import { describe, expect, test } from "bun:test";
import { matchesPageFilter } from "./page-filter.ts";

const page = "https://shop.example/pricing";

describe("matchesPageFilter", () => {
  test.each([
    ["is", page, true],
    ["is", "https://shop.example/pricing/", true],
    ["is", "https://shop.example/pricing/team", false],
    ["is", "https://shop.example/Pricing", false],
    ["isnot", page, false],
    ["isnot", "https://shop.example/about", true],
    ["contains", "/pricing", true],
    ["contains", "/checkout", false],
    ["notcontains", "/checkout", true],
    ["notcontains", "pricing", false],
    ["startswith", "https://shop.example", true],
    ["startswith", "https://other.example", false],
    ["endswith", "/pricing", true],
    ["endswith", "/pricing/", true],
    ["endswith", "/shop", false],
  ])("%s %s → %p", (type, filter, expected) => {
    expect(matchesPageFilter(page, filter, type)).toBe(expected);
  });

  test("a trailing slash on the address is ignored", () => {
    expect(matchesPageFilter("https://shop.example/pricing/", page, "is")).toBe(true);
    expect(matchesPageFilter("https://shop.example/pricing/", "/pricing", "endswith")).toBe(true);
  });

  test("empty input matches: no filter, no type, no address", () => {
    expect(matchesPageFilter(page, "", "is")).toBe(true);
    expect(matchesPageFilter(page, "  ", "notcontains")).toBe(true);
    expect(matchesPageFilter(page, "", "whatever")).toBe(true);
    expect(matchesPageFilter(page, "/checkout", "")).toBe(true);
    expect(matchesPageFilter("", "/checkout", "contains")).toBe(true);
  });

  test("an unknown type never matches", () => {
    expect(matchesPageFilter(page, "/pricing", "regex")).toBe(false);
    expect(matchesPageFilter(page, "/pricing", "IS")).toBe(false);
  });

  test("{word} placeholders match one run of word characters or hyphens, of either case", () => {
    const filter = "https://shop.example/products/{slug}";
    expect(matchesPageFilter("https://shop.example/products/Red-Shoes_2", filter, "is")).toBe(true);
    expect(matchesPageFilter("https://shop.example/products/red-shoes/", filter, "is")).toBe(true);
    expect(matchesPageFilter("https://shop.example/products/red/shoes", filter, "is")).toBe(false);
    expect(matchesPageFilter("https://shop.example/products/", filter, "is")).toBe(false);
    expect(matchesPageFilter("https://shop.example/products/red.shoes", filter, "is")).toBe(false);
    expect(matchesPageFilter("https://shop.example/products/red/shoes", filter, "isnot")).toBe(true);
  });

  test("placeholders work with every operator", () => {
    const url = "https://shop.example/orders/A-17/invoice";
    expect(matchesPageFilter(url, "/orders/{id}/", "contains")).toBe(true);
    expect(matchesPageFilter(url, "/orders/{id}/receipt", "contains")).toBe(false);
    expect(matchesPageFilter(url, "/orders/{id}/receipt", "notcontains")).toBe(true);
    expect(matchesPageFilter(url, "https://shop.example/orders/{id}", "startswith")).toBe(true);
    expect(matchesPageFilter(url, "https://{tenant}.example/", "startswith")).toBe(true);
    expect(matchesPageFilter(url, "/{id}/invoice", "endswith")).toBe(true);
    expect(matchesPageFilter(url, "/{a}{b}/invoice", "endswith")).toBe(true);
  });

  test("regular-expression characters in a filter are literal text", () => {
    expect(matchesPageFilter("https://shop.example/a.b?x=(1)", "/a.b?x=(1)", "endswith")).toBe(true);
    expect(matchesPageFilter("https://shop.example/axb", "/a.b", "endswith")).toBe(false);
    expect(matchesPageFilter("https://shop.example/a+b", "a+b", "contains")).toBe(true);
    expect(matchesPageFilter("https://shop.example/{x}", "/{x", "contains")).toBe(true);
  });
});
