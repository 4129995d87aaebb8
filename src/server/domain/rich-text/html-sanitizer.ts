/**
 * The server's HTML allow-list for rich texts (help articles, news, bot steps, staff replies), applied
 * when they are stored; every client sanitizes again before showing them (DOMPurify in the frames).
 *
 * Written here rather than taken from a library: DOMPurify needs a DOM, which the server does not have
 * (happy-dom is a test-only dependency, and a DOM per request would cost far more than this), and the
 * DOM-free sanitizers bring a full HTML parser for a job that needs a tokenizer. It never passes input
 * through: it reads tags and text and writes new markup from them, with every attribute re-quoted and
 * every text escaped, so whatever the input looked like, the output parses as exactly the allowed tags.
 */

/** Allowed tags and, for each, its allowed attributes. */
const allowedTags: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  b: [],
  i: [],
  u: [],
  a: ["href", "title"],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  code: [],
  pre: [],
  img: ["src", "alt", "title", "width", "height"],
  hr: [],
};

/** Headings outside the allowed range become the nearest allowed one. */
const renamedTags: Record<string, string> = { h1: "h2", h5: "h4", h6: "h4" };

const voidTags = new Set(["br", "img", "hr"]);

/** Elements dropped with everything inside them. */
const droppedWithContent = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "svg",
  "math",
  "select",
  "head",
]);

/** Blocks whose end reads as a line break in plain text. */
const blockTags = new Set([
  "p",
  "br",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "pre",
  "hr",
  "div",
  "tr",
  "ul",
  "ol",
  "section",
  "article",
  "table",
]);

type Token =
  | { kind: "text"; text: string }
  | { kind: "open"; name: string; attributes: Array<[string, string]>; selfClosing: boolean }
  | { kind: "close"; name: string };

const tagNameStart = /[a-zA-Z]/;

/**
 * The attributes of a tag from `start` (just past its name): each a name, optionally = and a quoted or
 * bare value, until ">"; answers where the tag ends and whether a "/" closed it.
 */
function readAttributes(html: string, start: number) {
  const attributes: Array<[string, string]> = [];
  let selfClosing = false;
  let cursor = start;
  while (cursor < html.length) {
    while (cursor < html.length && /[\s/]/.test(html[cursor] ?? "")) {
      if (html[cursor] === "/") selfClosing = true;
      cursor++;
    }
    if (cursor >= html.length || html[cursor] === ">") break;
    selfClosing = false;
    const attrStart = cursor;
    cursor++;
    while (cursor < html.length && !/[\s/>=]/.test(html[cursor] ?? "")) cursor++;
    const attrName = html.slice(attrStart, cursor).toLowerCase();
    while (cursor < html.length && /\s/.test(html[cursor] ?? "")) cursor++;
    let value = "";
    if (html[cursor] === "=") {
      cursor++;
      while (cursor < html.length && /\s/.test(html[cursor] ?? "")) cursor++;
      const quote = html[cursor];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, cursor + 1);
        value = html.slice(cursor + 1, end === -1 ? html.length : end);
        cursor = end === -1 ? html.length : end + 1;
      } else {
        const valueStart = cursor;
        while (cursor < html.length && !/[\s>]/.test(html[cursor] ?? "")) cursor++;
        value = html.slice(valueStart, cursor);
      }
    }
    attributes.push([attrName, value]);
  }
  return { attributes, selfClosing, cursor };
}

/** Splits HTML into text and tags the way a browser's tokenizer broadly does; comments and doctypes vanish. */
function* tokenize(html: string): Generator<Token> {
  let index = 0;
  let text = "";
  const flushText = function* () {
    if (text !== "") yield { kind: "text" as const, text };
    text = "";
  };
  while (index < html.length) {
    const lt = html.indexOf("<", index);
    if (lt === -1) {
      text += html.slice(index);
      break;
    }
    text += html.slice(index, lt);
    const next = html[lt + 1] ?? "";
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    if (next === "!" || next === "?") {
      const end = html.indexOf(">", lt + 2);
      index = end === -1 ? html.length : end + 1;
      continue;
    }
    const closing = next === "/";
    const nameStart = closing ? lt + 2 : lt + 1;
    if (!tagNameStart.test(html[nameStart] ?? "")) {
      // A "<" that starts no tag is text ("a < b"); "</>" and "</ 3" are dropped like browsers do.
      if (closing) {
        const end = html.indexOf(">", lt + 2);
        index = end === -1 ? html.length : end + 1;
      } else {
        text += "<";
        index = lt + 1;
      }
      continue;
    }
    let cursor = nameStart;
    while (cursor < html.length && !/[\s/>]/.test(html[cursor] ?? "")) cursor++;
    const name = html.slice(nameStart, cursor).toLowerCase();
    const tag = readAttributes(html, cursor);
    const { attributes, selfClosing } = tag;
    cursor = tag.cursor;
    index = cursor + 1;
    yield* flushText();
    if (closing) yield { kind: "close", name };
    else {
      yield { kind: "open", name, attributes, selfClosing };
      if (droppedWithContent.has(name)) {
        // Everything up to the matching end tag goes, whatever it holds (raw text or markup). A "/>"
        // does not end a script in HTML, so it does not end the skip either.
        const end = html.toLowerCase().indexOf(`</${name}`, index);
        if (end === -1) index = html.length;
        else {
          const close = html.indexOf(">", end);
          index = close === -1 ? html.length : close + 1;
        }
      }
    }
  }
  yield* flushText();
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  tab: "\t",
  newline: "\n",
  lpar: "(",
  rpar: ")",
  sol: "/",
  period: ".",
  comma: ",",
  semi: ";",
  equals: "=",
  num: "#",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  middot: "·",
  bull: "•",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  eacute: "é",
  egrave: "è",
};

/** Decodes numeric entities and the common named ones (a `;` is optional, as browsers allow in attributes). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,10}|[a-zA-Z][a-zA-Z0-9]{0,31});?/g, (whole, body) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return "\ufffd";
      return String.fromCodePoint(code);
    }
    return namedEntities[body] ?? whole;
  });
}

const escapeText = (text: string) =>
  // Well-formed entities stay (a browser shows them as the character they name, never as markup);
  // any other "&" and every "<" and ">" are escaped.
  text
    .replace(/&(?!(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,10}|[a-zA-Z][a-zA-Z0-9]{0,31});)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A URL attribute as a browser would resolve its scheme: entities decoded, control characters and
 * whitespace (which browsers strip from schemes) removed. Null when the scheme is not allowed.
 */
function allowedUrl(raw: string, schemes: RegExp): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  return schemes.test(value) ? value : null;
}

const hrefSchemes = /^(https?:\/\/|mailto:)/i;
/**
 * Images load over https, and from a development server's own uploads on a loopback address (its
 * messenger origin is plain http there, and an image uploaded in the rich-text editor lives there):
 * only that path of that host, which a visitor's browser answers itself, never another http address.
 */
const srcSchemes =
  /^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?\/api\/files\/uploads\/[a-z0-9-]+\.[a-z0-9]+$)/i;

function allowedAttributes(tag: string, attributes: Array<[string, string]>): string {
  const allowed = allowedTags[tag] ?? [];
  const kept = new Map<string, string>();
  for (const [name, raw] of attributes) {
    if (!allowed.includes(name) || kept.has(name)) continue;
    let value: string | null = decodeEntities(raw);
    if (name === "href") value = allowedUrl(raw, hrefSchemes);
    else if (name === "src") value = allowedUrl(raw, srcSchemes);
    else if (name === "width" || name === "height")
      value = /^\d{1,5}$/.test(value.trim()) ? value.trim() : null;
    if (value !== null) kept.set(name, value.slice(0, 2048));
  }
  if (tag === "a" && kept.has("href")) kept.set("rel", "noopener noreferrer nofollow");
  return [...kept].map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("");
}

/**
 * Keeps only the allowed tags and attributes: links to http(s) and mailto, images from https (or a local
 * development server's uploads), no event handlers, styles or scripts. Disallowed tags go and their text stays; script-like elements go with
 * their content. The output is balanced: unclosed tags are closed, stray end tags dropped.
 */
export function sanitizeHtml(html: string): string {
  let out = "";
  const open: string[] = [];
  for (const token of tokenize(html)) {
    if (token.kind === "text") {
      out += escapeText(token.text);
      continue;
    }
    const name = renamedTags[token.name] ?? token.name;
    if (!(name in allowedTags)) continue;
    if (token.kind === "open") {
      if (name === "img" && !token.attributes.some(([key]) => key === "src")) continue;
      const attributes = allowedAttributes(name, token.attributes);
      if (name === "img" && !attributes.includes(' src="')) continue;
      out += `<${name}${attributes}>`;
      if (!voidTags.has(name)) open.push(name);
      continue;
    }
    if (voidTags.has(name)) continue;
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    while (open.length > at) out += `</${open.pop()}>`;
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** The text of an HTML fragment, entities decoded, blocks on lines of their own, spaces collapsed. */
export function htmlToText(html: string): string {
  let out = "";
  for (const token of tokenize(html)) {
    if (token.kind === "text") out += decodeEntities(token.text);
    else if (blockTags.has(token.name)) out += "\n";
    else if (token.kind === "open" && token.name === "img") {
      const alt = token.attributes.find(([name]) => name === "alt")?.[1];
      if (alt) out += ` ${decodeEntities(alt)} `;
    }
  }
  return out
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}
