/**
 * Request and response bodies and headers as the network log keeps them (spec §5, §9): text only,
 * capped in size, with ignored JSON keys dropped. No wrapping of the page's calls happens here.
 */

/** Spec §9. */
export const maxBodySize = 150 * 1024;
export const pendingText = "<request pending>";
export const unsupportedText = "<unsupported content type>";
export const tooLargeText = "<response too large>";

export const noop = () => {};
const tagOf = (value: unknown) => Object.prototype.toString.call(value).slice(8, -1);
export const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === "string" && item !== "") : [];
export const clip = (text: string) => (text.length > maxBodySize ? tooLargeText : text);
/** Spec §5: bodies are kept only for text, xml, json or an empty content type. */
export const isText = (type: string | null) => !type || /^text\/|xml|json/i.test(type);

export function payloadOf(body: unknown): string {
  if (body == null) return "";
  if (typeof body === "string") return clip(body);
  const tag = tagOf(body);
  // Binary, form and stream bodies are named, not read: reading them could copy a large upload.
  return tag === "URLSearchParams" ? clip(String(body)) : `<${tag}>`;
}

/** Reads a stream as text but stops once it exceeds the size cap, so a huge or endless body is never held. */
export async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBodySize) {
      reader.cancel().catch(noop);
      return tooLargeText;
    }
    text += decoder.decode(value, { stream: true });
  }
}

export function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  try {
    new Headers(init).forEach((value, name) => {
      headers[name] = value;
    });
  } catch {
    // An invalid header makes the request fail anyway; the failure is still logged, without headers.
  }
  return headers;
}

/** Drops the ignored keys at any depth of a JSON body; anything that is not JSON is kept as is. */
export function stripJson(text: string, props: string[]): string {
  if (!props.length || !/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(
      JSON.parse(text, (key, value: unknown) => (props.includes(key) ? undefined : value)),
    );
  } catch {
    return text;
  }
}
