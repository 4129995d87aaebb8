/** One part of a multipart/form-data body; `data` is a view into the body, not a copy. */
export interface MultipartPart {
  name: string;
  filename: string | null;
  /** The part's own Content-Type header, parameters included; null when it sent none. */
  contentType: string | null;
  data: Uint8Array;
}

const crlf = Buffer.from("\r\n");
const headerEnd = Buffer.from("\r\n\r\n");

/** The `boundary` parameter of a multipart/form-data Content-Type, or null for any other type. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType) return null;
  const [type = "", ...params] = splitParams(contentType);
  if (type.toLowerCase() !== "multipart/form-data") return null;
  const boundary = readParams(params).boundary;
  return boundary && boundary.length <= 200 ? boundary : null;
}

/**
 * Parses a whole multipart/form-data body (RFC 7578). Written here because Bun's `formData()` gives
 * a file part the type its file name suggests and drops the Content-Type the part declares, so a
 * browser's `blob` part of `video/webm` would arrive typeless. Answers null for a malformed body.
 */
export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] | null {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let position = bytes.indexOf(delimiter);
  if (position < 0) return null;
  const parts: MultipartPart[] = [];
  for (;;) {
    position += delimiter.length;
    // `--` after a delimiter closes the body; anything after it is an epilogue to ignore.
    if (bytes[position] === 0x2d && bytes[position + 1] === 0x2d) return parts;
    const lineEnd = bytes.indexOf(crlf, position);
    if (lineEnd < 0 || bytes.subarray(position, lineEnd).toString("latin1").trim() !== "") return null;
    const headersStart = lineEnd + crlf.length;
    const headersEnd = bytes.indexOf(headerEnd, headersStart - crlf.length);
    if (headersEnd < 0) return null;
    const dataStart = headersEnd + headerEnd.length;
    const dataEnd = bytes.indexOf(nextDelimiter, dataStart - crlf.length);
    if (dataEnd < 0) return null;
    const headers = parseHeaders(bytes.subarray(headersStart, headersEnd).toString("utf8"));
    const disposition = headers.get("content-disposition");
    if (!disposition) return null;
    const [kind = "", ...params] = splitParams(disposition);
    const fields = readParams(params);
    if (kind.toLowerCase() !== "form-data" || fields.name === undefined) return null;
    parts.push({
      name: fields.name,
      filename: fields.filename ?? null,
      contentType: headers.get("content-type") ?? null,
      data: body.subarray(Math.min(dataStart, dataEnd), dataEnd),
    });
    position = dataEnd + crlf.length;
  }
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Splits `a; b=1; c="x;y"` at the semicolons that are not inside quotes. */
function splitParams(value: string): string[] {
  const pieces: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === "\\" && quoted) {
      current += char + (value[index + 1] ?? "");
      index++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ";" && !quoted) {
      pieces.push(current.trim());
      current = "";
    } else {
      current += char;
    }
  }
  pieces.push(current.trim());
  return pieces;
}

function readParams(params: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const param of params) {
    const equals = param.indexOf("=");
    if (equals <= 0) continue;
    const key = param.slice(0, equals).trim().toLowerCase();
    let value = param.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\(.)/g, "$1");
    }
    result[key] = value;
  }
  return result;
}
