/** How deep and how wide a JSON body may be before any recursive work (parse, validate, stringify) sees it. */
export interface JsonShapeLimits {
  /** Objects and arrays nested inside each other. */
  maxDepth: number;
  /** Keys of any one object. */
  maxKeys: number;
}

/**
 * Platform bodies are flat forms; widget bodies carry custom data and logs. A million nested arrays
 * overflowed the stack of `JSON.stringify` and stalled the whole process, so the bound sits far below
 * what any engine's recursion survives.
 */
export const defaultJsonShapeLimits: JsonShapeLimits = { maxDepth: 64, maxKeys: 1000 };

/**
 * A web replay nests two levels per DOM level (node, childNodes), so a report may go deeper than a
 * form; 512 still leaves the serializer's stack a wide margin.
 */
export const reportJsonShapeLimits: JsonShapeLimits = { maxDepth: 512, maxKeys: 1000 };

const quote = 0x22;
const backslash = 0x5c;
const openObject = 0x7b;
const closeObject = 0x7d;
const openArray = 0x5b;
const closeArray = 0x5d;
const colon = 0x3a;

/** The index of the quote that closes the string opened at `start`, or -1 when it is never closed. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === backslash) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/**
 * Checks the nesting and the key counts of a JSON text in one linear pass without recursion, and
 * answers what is wrong or null. It does not validate the syntax: `JSON.parse` does that afterwards,
 * on a text now known to be safe to parse and to walk.
 */
export function jsonShapeProblem(
  text: string,
  limits: JsonShapeLimits = defaultJsonShapeLimits,
): string | null {
  // Keys seen per open container; -1 marks an array.
  const keys = new Int32Array(limits.maxDepth + 1);
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === quote) {
      const end = stringEnd(text, index);
      if (end === -1) return null;
      index = end;
    } else if (code === openObject || code === openArray) {
      depth++;
      if (depth > limits.maxDepth) return `Request body is nested more than ${limits.maxDepth} levels deep`;
      keys[depth] = code === openObject ? 0 : -1;
    } else if (code === closeObject || code === closeArray) {
      if (depth > 0) depth--;
    } else if (code === colon && depth > 0 && keys[depth] !== -1) {
      keys[depth] = (keys[depth] ?? 0) + 1;
      if ((keys[depth] ?? 0) > limits.maxKeys)
        return `An object in the request body has more than ${limits.maxKeys} keys`;
    }
  }
  return null;
}
