import type { Attachment } from "../../../shared/conversations-api.ts";

const subjectLength = 80;

/** The subject a conversation gets when the visitor named none: its first line, cut at a word. */
export function subjectFrom(text: string, attachments: Attachment[]): string {
  const line = text.trim().split("\n")[0]?.trim() ?? "";
  if (line === "") return attachments[0]?.name ?? "Conversation";
  if (line.length <= subjectLength) return line;
  const cut = line.slice(0, subjectLength);
  const space = cut.lastIndexOf(" ");
  return `${(space > subjectLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
