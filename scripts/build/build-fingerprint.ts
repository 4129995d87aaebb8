import { join } from "node:path";
import { Glob } from "bun";

/**
 * What a build reads, named so that a later run can tell whether building again would give the same
 * output (build-stamp.ts decides what goes in for this repository). Paths are relative to the root of
 * the checkout, with forward slashes.
 */
export interface BuildInputs {
  /**
   * Globs of source folders, every matching file counted by its bytes: a file added there may be
   * picked up (a new chunk entry, a public file copied as it is), and one removed may have been.
   */
  listed: readonly string[];
  /** Globs left out of `listed`: files no bundle reads (tests). */
  unlisted: readonly string[];
  /** Further files whose bytes the build read: vendor files, type declarations, configuration. */
  files: readonly string[];
  /** Everything else that shapes the output, by name: Bun's version, environment, options. */
  settings: Readonly<Record<string, string>>;
}

/** Each input file's content hash (absent files as `missing`) and the settings, as they were. */
export interface BuildFingerprint {
  files: Record<string, string>;
  settings: Record<string, string>;
}

export const missingFile = "missing";

/** Files read at once while hashing: enough to keep the disk busy, well under the open-file limit. */
const hashBatch = 64;

async function contentHash(path: string): Promise<string> {
  try {
    return Bun.hash(await Bun.file(path).bytes()).toString(36);
  } catch {
    return missingFile;
  }
}

/** The files under `root` that match one of `listed` and none of `unlisted`, sorted. */
export async function listedFiles(
  root: string,
  listed: readonly string[],
  unlisted: readonly string[],
): Promise<string[]> {
  const skipped = unlisted.map((pattern) => new Glob(pattern));
  const found = new Set<string>();
  for (const pattern of listed) {
    // Dotfiles too: public/ is copied whole, whatever its names.
    for await (const path of new Glob(pattern).scan({ cwd: root, onlyFiles: true, dot: true })) {
      const name = path.split("\\").join("/");
      if (!skipped.some((glob) => glob.match(name))) found.add(name);
    }
  }
  return [...found].sort();
}

/**
 * The fingerprint of `inputs` as they are now under `root`: the same inputs give the same fingerprint,
 * and any byte changed, file added to or removed from a listed folder, or setting changed gives
 * another. Content counts, not modification times: a checkout or a `touch` that leaves the bytes as
 * they were does not rebuild, and an edit that keeps the old time still does.
 */
export async function fingerprintOf(root: string, inputs: BuildInputs): Promise<BuildFingerprint> {
  const paths = [...new Set([...(await listedFiles(root, inputs.listed, inputs.unlisted)), ...inputs.files])];
  paths.sort();
  const files: Record<string, string> = {};
  for (let start = 0; start < paths.length; start += hashBatch) {
    const batch = paths.slice(start, start + hashBatch);
    const hashes = await Promise.all(batch.map((path) => contentHash(join(root, path))));
    batch.forEach((path, index) => {
      files[path] = hashes[index] ?? missingFile;
    });
  }
  return { files, settings: { ...inputs.settings } };
}

/**
 * What differs between two fingerprints, one line each (at most `limit`, then how many more): the
 * reasons a build is not current. Empty when nothing does.
 */
export function fingerprintChanges(before: BuildFingerprint, after: BuildFingerprint, limit = 5): string[] {
  const changes: string[] = [];
  for (const name of new Set([...Object.keys(before.settings), ...Object.keys(after.settings)])) {
    if (before.settings[name] !== after.settings[name]) changes.push(`${name} changed`);
  }
  for (const path of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    const was = before.files[path] ?? missingFile;
    const is = after.files[path] ?? missingFile;
    if (was === is) continue;
    if (was === missingFile) changes.push(`${path} added`);
    else if (is === missingFile) changes.push(`${path} removed`);
    else changes.push(`${path} changed`);
  }
  if (changes.length <= limit) return changes;
  return [...changes.slice(0, limit), `and ${changes.length - limit} more`];
}
