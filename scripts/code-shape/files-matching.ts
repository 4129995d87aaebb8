import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..", "..");
const binary = /\.(png|jpe?g|gif|webp|ico|woff2?|lockb?|sqlite|gz|br)$/i;

/**
 * Every match of `pattern` (a global regular expression) in the repository's text files under
 * `paths` (all when empty) that `keep` accepts, as `file:line: match`: the files git tracks, and new
 * ones it does not ignore. Also answers how many files were read, so a rule can tell it read some.
 */
export function filesMatching(
  pattern: RegExp,
  { paths = [], keep = () => true }: { paths?: string[]; keep?: (file: string) => boolean } = {},
): { read: number; found: string[] } {
  const listed = Bun.spawnSync(
    ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", ...paths],
    {
      cwd: root,
    },
  );
  if (listed.exitCode !== 0) throw new Error(`git ls-files failed: ${listed.stderr.toString()}`);
  const files = listed.stdout
    .toString()
    .split("\0")
    .filter((file) => file !== "" && !binary.test(file) && keep(file));
  const found: string[] = [];
  let read = 0;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue; // deleted in the working tree
    }
    read++;
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${file}:${line}: ${match[0].replace(/\s+/g, " ")}`);
    }
  }
  return { read, found };
}
