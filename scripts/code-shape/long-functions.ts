/**
 * Lists functions longer than a limit (150 lines by default) in the product's source, tests and CSS
 * templates left out: `bun scripts/code-shape/long-functions.ts [--limit N] [paths…]`.
 *
 * Written by hand because the TypeScript package in use (7, the native compiler) has no JavaScript
 * API to walk a syntax tree: the scan blanks comments, strings and template texts, then pairs braces
 * and counts a block as a function when its header is a `function`, an arrow or a method signature.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface LongFunction {
  file: string;
  name: string;
  startLine: number;
  lines: number;
}

/** The code with comments, string and template contents and regex literals blanked (newlines kept). */
export function blankNonCode(source: string): string {
  const out: string[] = [];
  const templateDepth: number[] = [];
  let i = 0;
  let braceDepth = 0;
  const blank = (ch: string) => (ch === "\n" ? "\n" : " ");
  let lastSignificant = "";
  while (i < source.length) {
    const ch = source[i] as string;
    const next = source[i + 1];
    if (ch === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") {
        out.push(" ");
        i++;
      }
      continue;
    }
    if (ch === "/" && next === "*") {
      out.push("  ");
      i += 2;
      while (i < source.length && !(source[i] === "*" && source[i + 1] === "/"))
        out.push(blank(source[i++] as string));
      out.push("  ");
      i += 2;
      continue;
    }
    if (ch === '"' || ch === "'") {
      out.push(ch);
      i++;
      while (i < source.length && source[i] !== ch && source[i] !== "\n") {
        if (source[i] === "\\") {
          out.push(" ");
          i++;
        }
        out.push(blank(source[i++] as string));
      }
      out.push(ch);
      i++;
      lastSignificant = ch;
      continue;
    }
    if (
      ch === "`" ||
      (ch === "}" && templateDepth.length > 0 && templateDepth[templateDepth.length - 1] === braceDepth)
    ) {
      if (ch === "}") templateDepth.pop();
      out.push(ch === "`" ? "`" : " ");
      i++;
      let expression = false;
      while (i < source.length && source[i] !== "`") {
        if (source[i] === "\\") {
          out.push(" ");
          i++;
          out.push(blank(source[i++] as string));
          continue;
        }
        if (source[i] === "$" && source[i + 1] === "{") {
          templateDepth.push(braceDepth);
          out.push("  ");
          i += 2;
          expression = true;
          break;
        }
        out.push(blank(source[i++] as string));
      }
      if (!expression && source[i] === "`") {
        out.push("`");
        i++;
      }
      lastSignificant = "`";
      continue;
    }
    if (ch === "/" && /[(,=:[!&|?{;]$|^$|return$/.test(lastSignificant)) {
      // A regex literal: skip to its closing slash (outside a character class).
      out.push(" ");
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== "\n") {
        const c = source[i] as string;
        if (c === "\\") {
          out.push("  ");
          i += 2;
          continue;
        }
        if (c === "[") inClass = true;
        else if (c === "]") inClass = false;
        else if (c === "/" && !inClass) break;
        out.push(" ");
        i++;
      }
      out.push(" ");
      i++;
      lastSignificant = ")";
      continue;
    }
    if (ch === "{") braceDepth++;
    if (ch === "}") braceDepth--;
    out.push(ch);
    if (!/\s/.test(ch)) {
      // Keep enough of the last word to recognise `return /re/`.
      lastSignificant = /[A-Za-z_$]/.test(ch)
        ? /[A-Za-z_$]$/.test(lastSignificant)
          ? lastSignificant + ch
          : ch
        : ch;
    }
    i++;
  }
  return out.join("");
}

const keywords = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "with",
  "return",
  "else",
  "do",
  "try",
  "finally",
]);

/** The name a block's header gives its function, or null when the block is not a function body. */
export function functionName(header: string): string | null {
  const h = header.replace(/\s+/g, " ").trim();
  const declared = /function\s*\*?\s*([A-Za-z_$][\w$]*)?\s*(<[^>]*>)?\s*\([\s\S]*$/.exec(h);
  if (declared) return declared[1] ?? "(anonymous function)";
  if (/=>\s*$/.test(h)) {
    const bound = /([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=\s*(?:async\s*)?(?:<[^>]*>)?\s*\(?[^=]*=>\s*$/.exec(h);
    const key = /([A-Za-z_$][\w$]*)\s*:\s*(?:async\s*)?\(?[^:]*=>\s*$/.exec(h);
    return bound?.[1] ?? key?.[1] ?? "(arrow)";
  }
  const method =
    /(?:^|[\s,;{}])(?:(?:async|static|get|set|public|private|protected)\s+)*\*?([A-Za-z_$][\w$]*)\s*(<[^>]*>)?\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*(?::\s*[^{}]+)?$/.exec(
      h,
    );
  if (method?.[1] && !keywords.has(method[1])) return method[1];
  return null;
}

export function longFunctions(file: string, source: string, limit: number): LongFunction[] {
  const code = blankNonCode(source);
  const found: LongFunction[] = [];
  // `inHeader`: a brace inside the parentheses of a header (a destructured parameter, a default
  // object) belongs to that header and must not end it.
  const stack: Array<{ line: number; name: string | null; inHeader: boolean }> = [];
  let line = 1;
  let headerStart = 0;
  let parens = 0;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === "\n") line++;
    else if (ch === "(") parens++;
    else if (ch === ")") parens = Math.max(0, parens - 1);
    else if (ch === "{") {
      if (parens > 0) {
        stack.push({ line, name: null, inHeader: true });
        continue;
      }
      stack.push({ line, name: functionName(code.slice(headerStart, i)), inHeader: false });
      headerStart = i + 1;
    } else if (ch === "}") {
      const open = stack.pop();
      if (open?.inHeader) continue;
      if (open?.name) {
        const lines = line - open.line + 1;
        if (lines > limit) found.push({ file, name: open.name, startLine: open.line, lines });
      }
      headerStart = i + 1;
      parens = 0;
    } else if (ch === ";" && parens === 0 && !stack[stack.length - 1]?.inHeader) {
      headerStart = i + 1;
    }
  }
  return found;
}

const sourceFile = /\.(ts|tsx)$/;
const leftOut = /(\.test\.tsx?$|\.e2e\.ts$|\.d\.ts$|-styles\.ts$|\.css\.ts$|\/test-support\/|\/test-setup\/)/;

/** The product's source files under `path` (a folder or a file): tests, styles and test support left out. */
export function* sourceFiles(path: string): Generator<string> {
  const stat = statSync(path);
  if (stat.isFile()) {
    if (sourceFile.test(path) && !leftOut.test(path)) yield path;
    return;
  }
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    yield* sourceFiles(join(path, entry));
  }
}

/** Where the product's code is, relative to the repository root. */
export const productRoots = ["loader", "src", "build.ts", "dev.ts", "bench", "scripts"];

/** Every function of the files under `roots` longer than `limit` lines, paths relative to `base`. */
export function longFunctionsUnder(roots: readonly string[], limit: number, base = "."): LongFunction[] {
  return roots
    .flatMap((root) => [...sourceFiles(join(base, root))])
    .flatMap((file) => longFunctions(relative(base, file), readFileSync(file, "utf8"), limit));
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Number(args.splice(limitAt, 2)[1]) : 150;
  const all = longFunctionsUnder(args.length > 0 ? args : productRoots, limit);
  all.sort((a, b) => b.lines - a.lines);
  for (const f of all) console.log(`${f.lines}\t${f.file}:${f.startLine}\t${f.name}`);
  console.log(`${all.length} functions longer than ${limit} lines`);
}
