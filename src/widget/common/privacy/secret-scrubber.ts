/**
 * Masks known private values (private-values.ts) wherever they appear in what a report carries: a log
 * line, a request body, a URL, a custom-data string. A value is looked for in every form a page may
 * have sent it in: as typed, JSON-escaped (also with non-ASCII as `\uXXXX`, and twice), URL-encoded
 * (`%20`) and form-encoded (`+`), HTML-escaped, and without its spaces and dashes (a card number sent
 * as digits).
 * Each occurrence becomes asterisks of the same length, so JSON and URLs stay well-formed.
 *
 * With `prefixes`, any prefix of a value as long as `minLength` is masked too, from the first
 * character on: what a page logged or sent while the visitor was still typing (search-as-you-type).
 * Values shorter than `minLength` are never looked for: they would mask ordinary text everywhere.
 */

export interface ScrubberOptions {
  /** Mask prefixes of a value (at least `minLength` long) too, not only the whole value. */
  prefixes: boolean;
  minLength: number;
}

export type Scrub = (text: string) => string;

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

const jsonAscii = (value: string) =>
  JSON.stringify(value)
    .slice(1, -1)
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

function uriEncoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded; the page could not have sent it encoded either.
    return value;
  }
}

/** The forms in which a page may have written a value into text. */
export function encodedForms(value: string): string[] {
  const uri = uriEncoded(value);
  const json = JSON.stringify(value).slice(1, -1);
  const forms = [
    value,
    json,
    // JSON inside a JSON string: a JSON body echoed or logged as a string.
    JSON.stringify(json).slice(1, -1),
    jsonAscii(value),
    uri,
    uri.replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()),
    new URLSearchParams({ v: value }).toString().slice(2),
    value.replace(/[&<>"]/g, (char) => htmlEscapes[char] as string),
    value.replace(/[\s-]+/g, ""),
  ];
  return [...new Set(forms)];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A scrubber for these values; the identity when there is nothing to look for. One regular expression
 * finds where any value (or, with prefixes, its first `minLength` characters) starts, in one pass over
 * the text; each hit is then extended as far as the text goes on agreeing with a value.
 */
export function createScrubber(values: Iterable<string>, options: ScrubberOptions): Scrub {
  const { minLength, prefixes } = options;
  const byHead = new Map<string, string[]>();
  for (const value of values) {
    if (typeof value !== "string" || value.length < minLength) continue;
    for (const form of encodedForms(value)) {
      if (form.length < minLength) continue;
      const head = prefixes ? form.slice(0, minLength) : form;
      const forms = byHead.get(head) ?? [];
      if (!forms.includes(form)) forms.push(form);
      byHead.set(head, forms);
    }
  }
  if (byHead.size === 0) return (text) => text;
  // Longest first, so of two values where one starts the other, the longer wins at a position.
  const heads = [...byHead.keys()].sort((a, b) => b.length - a.length);
  const finder = new RegExp(heads.map(escapeRegExp).join("|"), "g");

  const extent = (text: string, at: number, head: string) => {
    let end = at + head.length;
    if (!prefixes) return end;
    for (const form of byHead.get(head) ?? []) {
      let index = head.length;
      while (index < form.length && text.charCodeAt(at + index) === form.charCodeAt(index)) index++;
      end = Math.max(end, at + index);
    }
    return end;
  };

  return (text) => {
    if (typeof text !== "string" || text.length < minLength) return text;
    finder.lastIndex = 0;
    let match = finder.exec(text);
    if (!match) return text;
    let result = "";
    let cursor = 0;
    let maskedTo = 0;
    let maskedFrom = 0;
    while (match) {
      const at = match.index;
      const end = extent(text, at, match[0]);
      if (at > maskedTo) {
        // The previous stretch is complete.
        if (maskedTo > maskedFrom)
          result += text.slice(cursor, maskedFrom) + "*".repeat(maskedTo - maskedFrom);
        if (maskedTo > maskedFrom) cursor = maskedTo;
        maskedFrom = at;
        maskedTo = end;
      } else if (end > maskedTo) {
        maskedTo = end;
      }
      // Overlapping values: look again from the next character.
      finder.lastIndex = at + 1;
      match = finder.exec(text);
    }
    result += text.slice(cursor, maskedFrom) + "*".repeat(maskedTo - maskedFrom);
    return result + text.slice(maskedTo);
  };
}

/** Pictures as data URLs hold no text to mask, and are the largest strings a report has. */
const base64DataUrl = /^data:[^,]{0,200};base64,/;

/**
 * Every string in a JSON-like value, scrubbed. Copy on write: an object or array comes back as the
 * same object unless something in it changed, so the loader's own state is never modified and an
 * untouched replay is not copied.
 */
export function scrubDeep<T>(value: T, scrub: Scrub): T {
  const visiting = new Set<object>();
  const visit = (item: unknown): unknown => {
    if (typeof item === "string") return base64DataUrl.test(item) ? item : scrub(item);
    if (typeof item !== "object" || item === null || visiting.has(item)) return item;
    const json = (item as { toJSON?: () => unknown }).toJSON;
    // What JSON.stringify will send is what toJSON answers (a Date's string, a class's own form).
    if (typeof json === "function") {
      try {
        const sent = json.call(item);
        if (sent !== item) return visit(sent);
      } catch {
        return item;
      }
    }
    visiting.add(item);
    try {
      if (Array.isArray(item)) {
        let copy: unknown[] | null = null;
        for (let index = 0; index < item.length; index++) {
          const next = visit(item[index]);
          if (next !== item[index] && !copy) copy = item.slice();
          if (copy) copy[index] = next;
        }
        return copy ?? item;
      }
      const source = item as Record<string, unknown>;
      let changed = false;
      const entries = Object.keys(source).map((key) => {
        const next = visit(source[key]);
        // A key can hold a value too (custom data keyed by what the visitor typed).
        const name = scrub(key);
        if (next !== source[key] || name !== key) changed = true;
        return [name, next] as const;
      });
      return changed ? Object.fromEntries(entries) : item;
    } finally {
      visiting.delete(item);
    }
  };
  return visit(value) as T;
}
