import { describe, expect, test } from "bun:test";
import {
  blockSize,
  endOfArchive,
  fileHeader,
  paddingAfter,
  parseHeader,
  parsePaxRecords,
  paxRecord,
  TarFormatError,
} from "./tar-format.ts";
import { readTarEntries } from "./tar-reader.ts";

const encoder = new TextEncoder();

/** A tar of `entries` built with this module's headers, as the writer lays them out. */
function archiveOf(entries: Array<[string, Uint8Array]>): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [path, data] of entries) {
    parts.push(fileHeader(path, data.length, 1_767_261_600), data, new Uint8Array(paddingAfter(data.length)));
  }
  parts.push(endOfArchive);
  return Buffer.concat(parts);
}

/** A stream handing out `bytes` in pieces of `pieceSize`, as a file stream may cut them anywhere. */
function streamOf(bytes: Uint8Array, pieceSize: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const entry of readTarEntries(stream)) {
    const parts: Uint8Array[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    found[entry.path] = Buffer.concat(parts).toString("utf8");
  }
  return found;
}

const longPath = `files/reports/${"nested-folder/".repeat(9)}snapshot.html.zst`;

describe("tar headers", () => {
  test("a short path is one ustar block whose checksum and fields read back", () => {
    const header = fileHeader("files/uploads/a.webm", 1234, 1_767_261_600);
    expect(header.length).toBe(blockSize);
    expect(parseHeader(header)).toEqual({
      kind: "file",
      path: "files/uploads/a.webm",
      size: 1234,
      typeflag: "0",
    });
  });

  test("a path past 100 bytes goes into a pax record before the ustar block", () => {
    expect(longPath.length).toBeGreaterThan(100);
    const header = fileHeader(longPath, 10, 0);
    const pax = parseHeader(header.subarray(0, blockSize));
    expect(pax?.kind).toBe("pax");
    const data = header.subarray(blockSize, blockSize + (pax?.size ?? 0));
    expect(parsePaxRecords(data)).toEqual({ path: longPath });
    expect(parseHeader(header.subarray(header.length - blockSize))?.size).toBe(10);
  });

  test("a size past 8 GiB is carried by a pax record", () => {
    const size = 9 * 1024 ** 3;
    const header = fileHeader("database/app.sqlite", size, 0);
    const pax = parseHeader(header.subarray(0, blockSize));
    expect(parsePaxRecords(header.subarray(blockSize, blockSize + (pax?.size ?? 0)))).toEqual({ size });
  });

  test("a pax record counts its own length, also where the digits carry", () => {
    for (const value of ["x", "y".repeat(90), "z".repeat(91), "w".repeat(995)]) {
      const record = paxRecord("path", value);
      expect(Number(record.split(" ")[0])).toBe(encoder.encode(record).length);
      expect(parsePaxRecords(encoder.encode(record))).toEqual({ path: value });
    }
  });

  test("a changed byte fails the header's checksum; a zero block is the end", () => {
    const header = fileHeader("files/a", 5, 0);
    header[3] = (header[3] as number) ^ 1;
    expect(() => parseHeader(header)).toThrow(TarFormatError);
    expect(parseHeader(new Uint8Array(blockSize))).toBeNull();
  });

  test("a block that is no tar header is refused", () => {
    const block = new Uint8Array(blockSize).fill(0x41);
    expect(() => parseHeader(block)).toThrow("not a tar header");
  });
});

describe("reading a tar stream", () => {
  const entries: Array<[string, Uint8Array]> = [
    ["gleam-backup.json", encoder.encode('{"format":"gleam-backup"}')],
    ["files/empty", new Uint8Array(0)],
    ["files/exactly-a-block", encoder.encode("b".repeat(512))],
    [longPath, encoder.encode("ünïcödé ✓ ".repeat(300))],
  ];
  const expected = Object.fromEntries(
    entries.map(([path, data]) => [path, Buffer.from(data).toString("utf8")]),
  );

  test("every entry comes back whole, however the stream cuts the bytes", async () => {
    const archive = archiveOf(entries);
    for (const pieceSize of [1, 7, 511, 512, 513, 4096, archive.length])
      expect(await readAll(streamOf(archive, pieceSize))).toEqual(expected);
  });

  test("entries a consumer does not read are skipped to the next", async () => {
    const paths: string[] = [];
    for await (const entry of readTarEntries(streamOf(archiveOf(entries), 100))) paths.push(entry.path);
    expect(paths).toEqual(entries.map(([path]) => path));
  });

  test("an archive cut short is refused, not read as a shorter one", async () => {
    const archive = archiveOf(entries);
    for (const cut of [
      blockSize + 3,
      archive.length - endOfArchive.length - 100,
      archive.length - endOfArchive.length,
    ])
      await expect(readAll(streamOf(archive.subarray(0, cut), 4096))).rejects.toThrow(TarFormatError);
  });

  test("Bun's own tar writer and this reader agree, and Bun reads what these headers write", async () => {
    const written = await new Bun.Archive({ "files/a.txt": "alpha", [longPath]: "beta" }).bytes();
    expect(await readAll(streamOf(written, 1000))).toEqual({ "files/a.txt": "alpha", [longPath]: "beta" });

    const ours = archiveOf(entries);
    const files = await new Bun.Archive(ours).files();
    expect(await files.get("files/exactly-a-block")?.text()).toBe("b".repeat(512));
    expect(await files.get(longPath)?.text()).toBe(expected[longPath]);
  });

  test("a link entry is refused: a backup never holds one", async () => {
    const link = fileHeader("files/link", 0, 0);
    link[156] = "2".charCodeAt(0);
    // Re-sign the block so only its kind is wrong.
    let sum = 0;
    for (let index = 0; index < blockSize; index += 1)
      sum += index >= 148 && index < 156 ? 0x20 : (link[index] as number);
    link.set(encoder.encode(`${sum.toString(8).padStart(6, "0")}\0 `), 148);
    await expect(readAll(streamOf(Buffer.concat([link, endOfArchive]), 512))).rejects.toThrow("never holds");
  });
});
