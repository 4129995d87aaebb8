import { describe, expect, test } from "bun:test";
import { cssString, rewriteCssUrls } from "./css-resource-urls.ts";

/** Every address replaced by `X` (and listed), so a test sees what the browser would have fetched. */
function blocked(css: string) {
  const seen: string[] = [];
  const out = rewriteCssUrls(css, (url) => {
    seen.push(url);
    return "X";
  });
  return { out, seen };
}

describe("rewriteCssUrls", () => {
  test("finds url() however it is written", () => {
    const css = [
      "a{background:url(https://t.test/1.png)}",
      "b{background:url( 'https://t.test/2.png' )}",
      'c{background:URL("https://t.test/3.png")}',
      "d{background:u\\72l(https://t.test/4.png)}",
      "e{background:\\75 \\72 \\6c (https://t.test/5.png)}",
      "f{background:url(https\\:\\/\\/t.test/6.png)}",
      "g{background:url(  https://t.test/7.png  )}",
    ].join("\n");
    const { out, seen } = blocked(css);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `https://t.test/${n}.png`));
    expect(out).not.toContain("t.test");
    expect(out).toContain('a{background:url("X")}');
  });

  test("finds the bare strings of @import, image-set() and src()", () => {
    const { seen } = blocked(
      `@import "https://t.test/a.css"; @import url(https://t.test/b.css) screen; @\\69mport 'https://t.test/c.css';
       x{background-image:image-set("https://t.test/d.png" 1x, url(https://t.test/e.png) 2x)}
       y{background-image:-webkit-image-set('https://t.test/f.png' 1x)}
       @font-face{src:src("https://t.test/g.woff2") format("woff2"), local(Arial)}`,
    );
    expect(seen).toEqual([
      "https://t.test/a.css",
      "https://t.test/b.css",
      "https://t.test/c.css",
      "https://t.test/d.png",
      "https://t.test/e.png",
      "https://t.test/f.png",
      "https://t.test/g.woff2",
    ]);
  });

  test("leaves comments, ordinary strings and other functions alone", () => {
    const css =
      '/* url(https://t.test/comment.png) */ a::before{content:"url(https://t.test/string.png)"} b{width:calc(1px + 2px);font-family:"x"}';
    const { out, seen } = blocked(css);
    expect(seen).toEqual([]);
    expect(out).toBe(css);
  });

  test("an escaped quote does not end a string early, and a newline ends a bad one", () => {
    const { seen } = blocked(
      'a{content:"\\" url(https://t.test/no.png)"} b{content:"open\n} c{background:url(https://t.test/yes.png)}',
    );
    expect(seen).toEqual(["https://t.test/yes.png"]);
  });

  test("a bad url (a quote or space inside) is still taken for an address", () => {
    const { seen, out } = blocked("a{background:url(https://t.test/x y.png)}");
    expect(seen).toEqual(["https://t.test/xy.png"]);
    expect(out).toBe('a{background:url("X")}');
  });

  test("an address the callback keeps is not rewritten at all", () => {
    const css = "a{background:url( #clip )} b{background:url('data:image/png;base64,AA')}";
    expect(rewriteCssUrls(css, (url) => url)).toBe(css);
  });

  test("the address written back can never close the <style> it is in", () => {
    const out = rewriteCssUrls(
      "a{background:url(x)}",
      () => 'https://t.test/"</style><img src=x onerror=alert(1)>',
    );
    expect(out).not.toContain("<");
    expect(out).not.toContain('"</');
    expect(cssString('a"b\\c<d>\n')).toBe('"a\\22 b\\5c c\\3c d\\3e \\a "');
  });
});
