/**
 * What the delivery log keeps of a receiver's answer, and so what every admin of the product can
 * read: at most 200 printable characters of its start. Enough to see "invalid signature" or an error
 * page's title; too little to carry a whole document out, should a receiver ever be something other
 * than the admin's own server. Control and format characters (terminal escapes, bidi overrides,
 * zero-width marks) are dropped, and line breaks and runs of spaces become one space.
 */
export const answerChars = 200;

/** Read at most this much of an answer: 200 characters of any script, plus room for spaces. */
const answerReadBytes = 4096;

/** The start of a text as the log keeps it; a cut one ends with "…" (within the 200). */
export function answerExcerpt(text: string): string {
  const printable = text
    .replace(/[\p{Cf}\p{Co}\p{Cn}\p{Cs}]/gu, "")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, " ")
    .trim();
  const characters = Array.from(printable);
  if (characters.length <= answerChars) return printable;
  return `${characters.slice(0, answerChars - 1).join("")}…`;
}

/** The start of an answer's body as the log keeps it, without reading a large one to its end. */
export async function readAnswerExcerpt(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < answerReadBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, answerReadBytes);
  return answerExcerpt(new TextDecoder().decode(bytes));
}
