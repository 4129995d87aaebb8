import type { TipTapDoc, TipTapNode } from "../../shared/tiptap-doc.ts";
import { isRecord } from "./config-model.ts";

/**
 * A tour step's message or a checklist step's description as the form holds it: a TipTap document
 * (what the rich-text editor writes), or the HTML text a step was stored with before the editor (the
 * builder and older content). Either is stored as it is; the server renders documents to HTML.
 */
export type StepBody = TipTapDoc | string;

export function readStepBody(value: unknown): StepBody {
  if (isRecord(value) && value.type === "doc") return value as unknown as TipTapDoc;
  return typeof value === "string" ? value : "";
}

/** Whether a body still holds HTML text, which the rich-text editor cannot open: it stays a text field. */
export const isHtmlBody = (body: StepBody): body is string => typeof body === "string" && body.trim() !== "";

function nodeSays(node: TipTapNode): boolean {
  if (node.type === "image") return true;
  if (typeof node.text === "string" && node.text.trim() !== "") return true;
  return (node.content ?? []).some(nodeSays);
}

/** Whether a body says nothing a visitor could read or see (no text, no image). */
export function stepBodyIsEmpty(body: StepBody): boolean {
  if (typeof body === "string") return !/<img\b/i.test(body) && body.replace(/<[^>]*>/g, "").trim() === "";
  return !(body.content ?? []).some(nodeSays);
}

function textOfNode(node: TipTapNode): string {
  if (typeof node.text === "string") return node.text;
  const inner = (node.content ?? []).map(textOfNode).join(node.type === "doc" ? " " : "");
  return node.type === "paragraph" || node.type === "heading" || node.type === "listItem"
    ? `${inner} `
    : inner;
}

/** A body's words, for the previews' summaries (tags of an HTML body dropped). */
export function stepBodyText(body: StepBody): string {
  const text =
    typeof body === "string" ? body.replace(/<[^>]*>/g, " ") : (body.content ?? []).map(textOfNode).join("");
  return text.replace(/\s+/g, " ").trim();
}
