import { describe, expect, test } from "bun:test";
import { absolutizeCssUrls } from "./css-urls.ts";

const base = "https://shop.example/assets/css/site.css";

describe("CSS URLs in a snapshot", () => {
  test("relative URLs resolve against the stylesheet's own address", () => {
    expect(absolutizeCssUrls(".a{background:url(../img/bg.png)}", base)).toBe(
      '.a{background:url("https://shop.example/assets/img/bg.png")}',
    );
    expect(absolutizeCssUrls(`@font-face{src:url('fonts/a.woff2') format("woff2")}`, base)).toBe(
      '@font-face{src:url("https://shop.example/assets/css/fonts/a.woff2") format("woff2")}',
    );
    expect(absolutizeCssUrls('.b{mask:url( "/m.svg" )}', base)).toBe(
      '.b{mask:url("https://shop.example/m.svg")}',
    );
    expect(absolutizeCssUrls('@import "print.css";', base)).toBe(
      '@import "https://shop.example/assets/css/print.css";',
    );
  });

  test("data, absolute, protocol-relative and fragment URLs are left alone", () => {
    const css =
      '.a{background:url("data:image/png;base64,AAA=")} .b{background:url(https://cdn.example/x.png)} ' +
      ".c{background:url(//cdn.example/y.png)} .d{filter:url(#blur)}";
    expect(absolutizeCssUrls(css, base)).toBe(css);
  });

  test("CSS without URLs comes back unchanged", () => {
    expect(absolutizeCssUrls("body{margin:0}", base)).toBe("body{margin:0}");
  });
});
