/**
 * Every address a piece of CSS can make the browser fetch, handed to `replace`, which answers the address
 * to write instead: `url(…)` in any spelling the browser accepts (upper case, `u\72l(`, quoted or not),
 * the bare strings of `image-set()`, `image()` and `src()`, and `@import "…"`. Everything else is kept
 * character for character, and an address `replace` leaves alone is not rewritten at all.
 *
 * A small scanner that follows the tokenizer of CSS Syntax 3 (§4) where it matters (comments, strings,
 * escapes, names) rather than a pattern: escapes and comments let an address hide from a pattern, never
 * from the browser. It errs on the side of seeing an address (`5url(x)` counts), never of missing one.
 */

/** Functions whose string arguments are addresses, as `url("…")` is. */
const addressFunctions = new Set(["url", "src", "image", "image-set", "-webkit-image-set"]);

const isWhitespace = (c: string | undefined) =>
  c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f";
const isNewline = (c: string | undefined) => c === "\n" || c === "\r" || c === "\f";
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isNameStart = (c: string | undefined) =>
  c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isNameChar = (c: string | undefined) => c !== undefined && (isNameStart(c) || /^[0-9-]$/.test(c));

/** Characters a CSS string this module writes never carries as they are. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
const unsafeInString = /[\\"'<>\u0000-\u001f\u007f]/g;

/** `value` as a double-quoted CSS string; `<` and `>` escaped too, so it never closes a `<style>`. */
export function cssString(value: string): string {
  return `"${value.replace(unsafeInString, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

const validEscape = (css: string, at: number) => css[at] === "\\" && !isNewline(css[at + 1]);
function startsName(css: string, at: number): boolean {
  const c = css[at];
  if (c === "-") return isNameStart(css[at + 1]) || css[at + 1] === "-" || validEscape(css, at + 1);
  return isNameStart(c) || validEscape(css, at);
}

/** The escape after the backslash at `at - 1`: its character and where it ends. */
function readEscape(css: string, at: number): [string, number] {
  const length = css.length;
  if (at >= length) return ["\uFFFD", at];
  if (!isHex(css[at])) return [css[at] as string, at + 1];
  let end = at;
  while (end < at + 6 && isHex(css[end])) end++;
  const code = Number.parseInt(css.slice(at, end), 16);
  if (css[end] === "\r" && css[end + 1] === "\n") end += 2;
  else if (isWhitespace(css[end])) end++;
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return [valid ? String.fromCodePoint(code) : "\uFFFD", end];
}

function readName(css: string, at: number): [string, number] {
  let value = "";
  let end = at;
  for (;;) {
    if (isNameChar(css[end])) value += css[end++];
    else if (validEscape(css, end)) {
      const [c, next] = readEscape(css, end + 1);
      value += c;
      end = next;
    } else return [value, end];
  }
}

/** A string token starting at its quote: its value and the index after it (CSS Syntax §4.3.5). */
function readString(css: string, at: number): [string, number] {
  const length = css.length;
  const quote = css[at];
  let value = "";
  let end = at + 1;
  while (end < length) {
    const c = css[end];
    if (c === quote) return [value, end + 1];
    // An unescaped newline ends a bad string; the newline stays for the next token.
    if (isNewline(c)) return [value, end];
    if (c === "\\") {
      if (end + 1 >= length) return [value, end + 1];
      if (isNewline(css[end + 1])) {
        end += css[end + 1] === "\r" && css[end + 2] === "\n" ? 3 : 2;
        continue;
      }
      const [escaped, next] = readEscape(css, end + 1);
      value += escaped;
      end = next;
      continue;
    }
    value += c;
    end++;
  }
  return [value, end];
}

/** An unquoted `url(` token's address, from after its leading whitespace to after its `)`. */
function readBareUrl(css: string, at: number): [string, number] {
  const length = css.length;
  let value = "";
  let end = at;
  while (end < length) {
    const c = css[end] as string;
    if (c === ")") return [value, end + 1];
    if (c === "\\" && validEscape(css, end)) {
      const [escaped, next] = readEscape(css, end + 1);
      value += escaped;
      end = next;
      continue;
    }
    // Whitespace inside, a quote or a parenthesis make a bad url the browser does not fetch; its
    // remnants still run to the `)`, and the address read so far is rewritten all the same.
    if (!isWhitespace(c)) value += c;
    end++;
  }
  return [value, end];
}

export function rewriteCssUrls(css: string, replace: (url: string) => string): string {
  const length = css.length;
  let out = "";
  let copied = 0;
  let i = 0;
  // Open parentheses: the function's lower-case name, or "" for a bare `(`.
  const open: string[] = [];
  let afterImport = false;

  const put = (from: number, to: number, text: string) => {
    out += css.slice(copied, from) + text;
    copied = to;
  };

  while (i < length) {
    const c = css[i];
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? length : end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      const [value, end] = readString(css, i);
      if (afterImport || addressFunctions.has(open[open.length - 1] ?? "")) {
        const wanted = replace(value);
        if (wanted !== value) put(i, end, cssString(wanted));
      }
      afterImport = false;
      i = end;
      continue;
    }
    if (c === "@" && startsName(css, i + 1)) {
      const [keyword, end] = readName(css, i + 1);
      afterImport = keyword.toLowerCase() === "import";
      i = end;
      continue;
    }
    if (startsName(css, i)) {
      const [ident, end] = readName(css, i);
      const lower = ident.toLowerCase();
      if (css[end] !== "(") {
        i = end;
        continue;
      }
      afterImport = false;
      let inner = end + 1;
      while (isWhitespace(css[inner])) inner++;
      if (lower === "url" && css[inner] !== '"' && css[inner] !== "'") {
        const [value, close] = readBareUrl(css, inner);
        const wanted = replace(value);
        if (wanted !== value) put(i, close, `url(${cssString(wanted)})`);
        i = close;
        continue;
      }
      open.push(lower);
      i = end + 1;
      continue;
    }
    if (c === "\\") {
      // A backslash before a newline is no escape (a name would have taken a valid one above).
      i += 2;
      continue;
    }
    if (c === "(") open.push("");
    else if (c === ")") open.pop();
    else if (c === ";" || c === "{" || c === "}") {
      afterImport = false;
      // A block or a declaration never continues an unclosed function: recover as the browser does.
      if (c !== ";") open.length = 0;
    }
    i++;
  }
  return out + css.slice(copied);
}
