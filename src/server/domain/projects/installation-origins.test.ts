import { expect, test } from "bun:test";
import { outsideAllowedOrigins, provenOrigin } from "./installation-origins.ts";

const pageView = (page: unknown) => ({ name: "pageView", data: { page } });

test("a ping proves its Origin only with a page view of that very origin", () => {
  expect(provenOrigin("https://shop.example", [pageView("https://shop.example/cart?x=1#top")])).toBe(
    "https://shop.example",
  );
  // Ports, case and default ports as browsers write them.
  expect(provenOrigin("http://localhost:3000", [pageView("http://localhost:3000/demo")])).toBe(
    "http://localhost:3000",
  );
  expect(provenOrigin("https://shop.example", [pageView("https://SHOP.example:443/")])).toBe(
    "https://shop.example",
  );
  // Any page view of the ping will do, not only the first event.
  expect(
    provenOrigin("https://shop.example", [
      { name: "checkout" },
      pageView("https://elsewhere.example/"),
      pageView("https://shop.example/"),
    ]),
  ).toBe("https://shop.example");
});

test("no Origin, a malformed one, or no page view of it proves nothing", () => {
  const page = [pageView("https://shop.example/")];
  expect(provenOrigin(null, page)).toBeNull();
  expect(provenOrigin("null", page)).toBeNull();
  expect(provenOrigin("https://shop.example/path", page)).toBeNull();
  expect(provenOrigin(`https://${"a".repeat(300)}.example`, page)).toBeNull();
  expect(provenOrigin("https://shop.example", [])).toBeNull();
  expect(
    provenOrigin("https://shop.example", [{ name: "checkout", data: { page: "https://shop.example/" } }]),
  ).toBeNull();
  expect(provenOrigin("https://shop.example", [pageView("https://shop.example.evil.example/")])).toBeNull();
  expect(provenOrigin("https://shop.example", [pageView("http://shop.example/")])).toBeNull();
  expect(
    provenOrigin("https://shop.example", [pageView(7), pageView(null), pageView("not a url")]),
  ).toBeNull();
  expect(
    provenOrigin("https://shop.example", [{ name: "pageView", data: "https://shop.example/" }]),
  ).toBeNull();
  expect(
    provenOrigin("https://shop.example", [pageView(`https://shop.example/${"x".repeat(3000)}`)]),
  ).toBeNull();
});

test("an origin is outside the allowed ones only when the project lists some and not it", () => {
  expect(outsideAllowedOrigins("https://shop.example", [])).toBe(false);
  expect(outsideAllowedOrigins("https://shop.example", ["https://shop.example"])).toBe(false);
  expect(outsideAllowedOrigins("https://old.example", ["https://shop.example"])).toBe(true);
});
