import {
  ArchiveProblem,
  type BackupLabel,
  type BackupManifest,
  type EntryDigests,
  entryPathProblem,
  labelPath,
  manifestMismatches,
  manifestPath,
  readLabel,
  readManifest,
} from "./backup-manifest.ts";
import { TarFormatError } from "./tar-format.ts";
import { readTarEntries, type TarEntry } from "./tar-reader.ts";

/** Where a restore puts an entry's bytes as they are read; none while an archive is only verified. */
export interface EntrySink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export type OpenEntrySink = (path: string, size: number) => Promise<EntrySink>;

/** The label and manifest are JSON a few kilobytes long; a larger one is no backup of ours. */
const labelLimit = 64 * 1024;
const manifestLimit = 256 * 1024 * 1024;

async function textOf(entry: TarEntry, limit: number): Promise<string> {
  if (entry.size > limit) throw new ArchiveProblem(`${entry.path} is too large for a backup's`, "damaged");
  const parts: Uint8Array[] = [];
  for await (const chunk of entry.chunks()) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

async function digestOf(entry: TarEntry, sink: EntrySink | null): Promise<{ bytes: number; sha256: string }> {
  const hasher = new Bun.CryptoHasher("sha256");
  let bytes = 0;
  try {
    for await (const chunk of entry.chunks()) {
      hasher.update(chunk);
      bytes += chunk.length;
      await sink?.write(chunk);
    }
  } finally {
    await sink?.close();
  }
  return { bytes, sha256: hasher.digest("hex") };
}

/**
 * Reads a backup archive from start to end in constant memory, checking it as it goes: the label first
 * (a newer archive is refused before anything else is read), every entry's path, size and SHA-256
 * against the manifest at the end. With `open`, each entry's bytes also go where it says; without, the
 * archive is only verified and nothing is written anywhere.
 */
export async function readBackup(
  archivePath: string,
  latestLevel: number,
  open?: OpenEntrySink,
): Promise<{ label: BackupLabel; manifest: BackupManifest }> {
  try {
    return await readEntries(archivePath, latestLevel, open);
  } catch (error) {
    if (error instanceof TarFormatError)
      throw new ArchiveProblem(`The archive is damaged: ${error.message}`, "damaged");
    throw error;
  }
}

async function readEntries(archivePath: string, latestLevel: number, open?: OpenEntrySink) {
  let label: BackupLabel | null = null;
  let manifest: BackupManifest | null = null;
  const seen: EntryDigests = {};
  for await (const entry of readTarEntries(Bun.file(archivePath).stream())) {
    if (entry.kind === "directory") continue;
    if (label === null) {
      if (entry.path !== labelPath)
        throw new ArchiveProblem("This file is not a backup made by gleam backup", "damaged");
      const text = await textOf(entry, labelLimit);
      label = readLabel(text, latestLevel);
      seen[labelPath] = {
        bytes: Buffer.byteLength(text),
        sha256: new Bun.CryptoHasher("sha256").update(text).digest("hex"),
      };
      continue;
    }
    if (manifest !== null)
      throw new ArchiveProblem(`${entry.path} follows the manifest: the archive is damaged`, "damaged");
    if (entry.path === manifestPath) {
      manifest = readManifest(await textOf(entry, manifestLimit));
      continue;
    }
    const problem = entryPathProblem(entry.path);
    if (problem) throw new ArchiveProblem(`The archive holds ${problem}`, "damaged");
    if (entry.path in seen) throw new ArchiveProblem(`${entry.path} is in the archive twice`, "damaged");
    seen[entry.path] = await digestOf(entry, open ? await open(entry.path, entry.size) : null);
  }
  if (label === null) throw new ArchiveProblem("The archive is empty", "damaged");
  if (manifest === null)
    throw new ArchiveProblem("The archive has no manifest: it is truncated or damaged", "damaged");
  const problems = manifestMismatches(manifest, label, seen);
  if (problems.length > 0)
    throw new ArchiveProblem(
      `The archive is damaged: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ""}`,
      "damaged",
    );
  return { label, manifest };
}
