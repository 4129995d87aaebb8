import type { Content, Editor } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { safeImageUrl } from "../../shared/tiptap-html.ts";
import type { RichTextEditorProps } from "./rich-text-editor.tsx";
import { RichTextToolbar } from "./rich-text-toolbar.tsx";

/**
 * Only what the server's rendering and the allow-list keep (src/shared/tiptap-html.ts): headings two
 * and three (the messenger's article title is the page's first heading), no strike-through or
 * underline (neither is offered by the messenger's look), links that never open in the editor.
 */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    strike: false,
    underline: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      protocols: ["mailto"],
      HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
    },
  }),
  // Pasted or dropped markup brings only images the server would keep (absolute http(s) addresses), so
  // a body never holds an image the save would refuse.
  Image.extend({
    parseHTML() {
      return [
        {
          tag: "img[src]",
          getAttrs: (element: HTMLElement) =>
            safeImageUrl(element.getAttribute("src") ?? "") === null ? false : null,
        },
      ];
    },
  }).configure({ inline: false, allowBase64: false }),
];

/** The editor's document as TipTap hands it over, typed as what is stored. */
const docOf = (editor: Editor): TipTapDoc => editor.getJSON() as TipTapDoc;

const sameDoc = (a: TipTapDoc | null, b: TipTapDoc | null) => JSON.stringify(a) === JSON.stringify(b);

/** The TipTap side of RichTextEditor, its own chunk (rich-text-editor.tsx loads it lazily). */
export default function TipTapEditor({
  id,
  label,
  value,
  onChange,
  projectId,
  disabled = false,
}: RichTextEditorProps) {
  // The last document this editor reported: a `value` equal to it is the editor's own echo, and
  // setting it again would move the caret to the end.
  const reported = useRef<TipTapDoc | null>(value);
  const report = useRef(onChange);
  report.current = onChange;

  const editor = useEditor({
    extensions: editorExtensions,
    content: (value ?? null) as Content,
    editable: !disabled,
    // Formatting buttons read their state through useEditorState; the whole form need not re-render
    // on every caret move.
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        class: "rich-text-content article-body",
      },
    },
    onUpdate: ({ editor: changed }) => {
      const doc = docOf(changed);
      reported.current = doc;
      report.current(doc);
    },
  });

  useEffect(() => {
    if (sameDoc(value, reported.current)) return;
    reported.current = value;
    editor.commands.setContent((value ?? null) as Content, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div className="field rich-text-field">
      {/* The editing surface is no form control a label points at: it is named through aria-labelledby. */}
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <div className={`rich-text-box${disabled ? " is-disabled" : ""}`}>
        <RichTextToolbar
          editor={editor}
          field={label}
          controls={id}
          projectId={projectId}
          disabled={disabled}
        />
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
