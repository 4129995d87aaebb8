/**
 * The POSIX tar (ustar) headers of a backup archive, so `tar tvf backup.tar` lists it and any tar
 * unpacks it by hand. Written here rather than with `Bun.Archive`: that builds and reads the whole
 * archive in memory (a database of gigabytes), and writes a `Bun.file` entry as an empty file. Only
 * what backups need: regular files, paths longer than 100 bytes and sizes from 8 GiB up through pax
 * records; a reader refuses links and devices.
 */
export const blockSize = 512;

/** Two zero blocks end an archive. */
export const endOfArchive = new Uint8Array(blockSize * 2);

/** Thrown for bytes that are no tar this reader accepts: a damaged or foreign archive. */
export class TarFormatError extends Error {
  override name = "TarFormatError";
}

export interface TarHeader {
  /** `file` and `directory` are entries; `pax` carries the next entry's path or size; `other` is refused. */
  kind: "file" | "directory" | "pax" | "global" | "other";
  path: string;
  size: number;
  /** The type byte as written, for a message about an entry that is refused. */
  typeflag: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: false });

/** Bytes up to the next block boundary after `size` bytes of data. */
export function paddingAfter(size: number): number {
  return (blockSize - (size % blockSize)) % blockSize;
}

const largestOctalSize = 8 ** 11 - 1;

function writeText(block: Uint8Array, offset: number, length: number, text: string): void {
  block.set(encoder.encode(text).subarray(0, length), offset);
}

/** A number as `length - 1` octal digits and a NUL, as ustar stores sizes and times. */
function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  writeText(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function checksum(block: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < blockSize; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (block[index] as number);
  return sum;
}

function ustarBlock(name: string, size: number, mtimeSeconds: number, typeflag: string): Uint8Array {
  const block = new Uint8Array(blockSize);
  writeText(block, 0, 100, name);
  writeText(block, 100, 8, "0000644\0");
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size > largestOctalSize ? 0 : size);
  writeOctal(block, 136, 12, Math.max(0, Math.floor(mtimeSeconds)));
  writeText(block, 156, 1, typeflag);
  writeText(block, 257, 8, "ustar\u000000");
  writeText(block, 148, 8, `${checksum(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** One pax record: its own length in decimal first, the length counting those digits. */
export function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyLength = encoder.encode(body).length;
  const digits = String(bodyLength).length;
  // Adding the digits may carry into one more digit (a 98-byte body makes a 101-byte record).
  const length = String(bodyLength + digits).length > digits ? bodyLength + digits + 1 : bodyLength + digits;
  return `${length}${body}`;
}

/**
 * The header blocks of a regular file: one ustar block, preceded by a pax header (and its data) when
 * the path does not fit 100 ASCII bytes or the size does not fit 11 octal digits.
 */
export function fileHeader(path: string, size: number, mtimeSeconds: number): Uint8Array {
  const asciiFits = /^[\x20-\x7e]*$/.test(path) && path.length <= 100;
  const records = [
    asciiFits ? "" : paxRecord("path", path),
    size > largestOctalSize ? paxRecord("size", String(size)) : "",
  ].join("");
  const main = ustarBlock(asciiFits ? path : path.slice(-100), size, mtimeSeconds, "0");
  if (records === "") return main;
  const data = encoder.encode(records);
  const pax = ustarBlock("PaxHeader", data.length, mtimeSeconds, "x");
  const out = new Uint8Array(blockSize + data.length + paddingAfter(data.length) + blockSize);
  out.set(pax, 0);
  out.set(data, blockSize);
  out.set(main, out.length - blockSize);
  return out;
}

function readText(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return decoder.decode(end < 0 ? field : field.subarray(0, end));
}

function readNumber(block: Uint8Array, offset: number, length: number): number {
  const first = block[offset] as number;
  if (first & 0x80) {
    // GNU base-256: a big-endian number in the remaining bytes.
    let value = first & 0x7f;
    for (let index = 1; index < length; index += 1) value = value * 256 + (block[offset + index] as number);
    return value;
  }
  const text = readText(block, offset, length).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text))
    throw new TarFormatError(`a header field holds "${text}" where a number belongs`);
  return Number.parseInt(text, 8);
}

const kinds: Record<string, TarHeader["kind"]> = {
  "0": "file",
  "\0": "file",
  "5": "directory",
  x: "pax",
  g: "global",
};

/** The header in `block`, or null for a zero block (the end of the archive). */
export function parseHeader(block: Uint8Array): TarHeader | null {
  if (block.length !== blockSize) throw new TarFormatError("the archive ends inside a header");
  if (block.every((byte) => byte === 0)) return null;
  const magic = readText(block, 257, 6);
  if (magic !== "ustar" && magic !== "ustar ") throw new TarFormatError("a header is not a tar header");
  if (readNumber(block, 148, 8) !== checksum(block))
    throw new TarFormatError("a header's checksum does not match: the archive is damaged");
  const prefix = readText(block, 345, 155);
  const name = readText(block, 0, 100);
  const typeflag = String.fromCharCode(block[156] as number);
  return {
    kind: kinds[typeflag] ?? "other",
    path: prefix ? `${prefix}/${name}` : name,
    size: readNumber(block, 124, 12),
    typeflag,
  };
}

/** The `path` and `size` of a pax header's records (other keys are of no use to a restore). */
export function parsePaxRecords(data: Uint8Array): { path?: string; size?: number } {
  const found: { path?: string; size?: number } = {};
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    const length = Number(decoder.decode(data.subarray(offset, space)));
    if (space < 0 || !Number.isInteger(length) || length <= 0 || offset + length > data.length)
      throw new TarFormatError("a pax header is malformed");
    const record = decoder.decode(data.subarray(space + 1, offset + length - 1));
    const equals = record.indexOf("=");
    const [key, value] = [record.slice(0, equals), record.slice(equals + 1)];
    if (key === "path") found.path = value;
    if (key === "size") found.size = Number(value);
    offset += length;
  }
  return found;
}
