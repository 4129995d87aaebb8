import type { ChainedCommands, Editor } from "@tiptap/core";
import type { ReactNode } from "react";
import type { MessageId } from "../i18n/en-US.ts";
import { toolbarIcons } from "./rich-text-icons.tsx";

/** One button of the editor's toolbar. */
export interface ToolbarButton {
  key: string;
  label: MessageId;
  face: ReactNode;
  /** Pressed while the caret is in such text; undefined for a button that does something once. */
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const textFace = (text: string, className = "") => (
  <span className={`rich-text-face ${className}`}>{text}</span>
);

const heading = (level: 2 | 3): ToolbarButton => ({
  key: `heading${level}`,
  label: `richText.heading${level}`,
  face: textFace(`H${level}`),
  active: (editor) => editor.isActive("heading", { level }),
  run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
});

/** A mark or a block the button turns on and off, pressed while the caret is in one. */
const toggle = (
  key: "bold" | "italic" | "bulletList" | "orderedList" | "code" | "codeBlock",
  face: ReactNode,
  command: (chain: ChainedCommands) => ChainedCommands,
): ToolbarButton => ({
  key,
  label: `richText.${key}`,
  face,
  active: (editor) => editor.isActive(key),
  run: (editor) => command(editor.chain().focus()).run(),
});

/** The text's formatting, in the toolbar's order; each is pressed while the caret is in such text. */
export const formatting: ToolbarButton[] = [
  heading(2),
  heading(3),
  toggle("bold", textFace("B", "is-bold"), (chain) => chain.toggleBold()),
  toggle("italic", textFace("I", "is-italic"), (chain) => chain.toggleItalic()),
  toggle("bulletList", toolbarIcons.bulletList, (chain) => chain.toggleBulletList()),
  toggle("orderedList", toolbarIcons.orderedList, (chain) => chain.toggleOrderedList()),
  toggle("code", toolbarIcons.code, (chain) => chain.toggleCode()),
  toggle("codeBlock", toolbarIcons.codeBlock, (chain) => chain.toggleCodeBlock()),
];

/** The whole toolbar: the formatting with Link after the first four, then Image. */
export function toolbarButtons({
  onLink,
  onImage,
}: {
  onLink: () => void;
  onImage: () => void;
}): ToolbarButton[] {
  return [
    ...formatting.slice(0, 4),
    {
      key: "link",
      label: "richText.link",
      face: toolbarIcons.link,
      active: (editor) => editor.isActive("link"),
      run: onLink,
    },
    ...formatting.slice(4),
    { key: "image", label: "richText.image", face: toolbarIcons.image, run: onImage },
  ];
}
