import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { apiErrorMessage } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { LinkForm } from "./link-form.tsx";
import { toolbarIcons } from "./rich-text-icons.tsx";
import { editorImageTypes, uploadEditorImage } from "./rich-text-uploads.ts";

interface ToolbarButton {
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

const formatting: ToolbarButton[] = [
  {
    key: "heading2",
    label: "richText.heading2",
    face: textFace("H2"),
    active: (editor) => editor.isActive("heading", { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: "heading3",
    label: "richText.heading3",
    face: textFace("H3"),
    active: (editor) => editor.isActive("heading", { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: "bold",
    label: "richText.bold",
    face: textFace("B", "is-bold"),
    active: (editor) => editor.isActive("bold"),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    key: "italic",
    label: "richText.italic",
    face: textFace("I", "is-italic"),
    active: (editor) => editor.isActive("italic"),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    key: "bulletList",
    label: "richText.bulletList",
    face: toolbarIcons.bulletList,
    active: (editor) => editor.isActive("bulletList"),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    key: "orderedList",
    label: "richText.orderedList",
    face: toolbarIcons.orderedList,
    active: (editor) => editor.isActive("orderedList"),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    key: "code",
    label: "richText.code",
    face: toolbarIcons.code,
    active: (editor) => editor.isActive("code"),
    run: (editor) => editor.chain().focus().toggleCode().run(),
  },
  {
    key: "codeBlock",
    label: "richText.codeBlock",
    face: toolbarIcons.codeBlock,
    active: (editor) => editor.isActive("codeBlock"),
    run: (editor) => editor.chain().focus().toggleCodeBlock().run(),
  },
];

/**
 * The editor's formatting buttons as one ARIA toolbar: a single tab stop, arrow keys (and Home, End)
 * move between the buttons, toggles say whether they are on (aria-pressed). Link asks for an address
 * in a small form under the bar; Image uploads a file through the staff upload path.
 */
export function RichTextToolbar({
  editor,
  field,
  controls,
  projectId,
  disabled,
}: {
  editor: Editor;
  /** The field's name, for the toolbar's own name. */
  field: string;
  /** The id of the editing surface. */
  controls: string;
  projectId: string;
  disabled: boolean;
}) {
  const { t } = useT();
  const [focused, setFocused] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState<string[]>([]);
  const bar = useRef<HTMLDivElement>(null);
  const filePicker = useRef<HTMLInputElement>(null);

  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }): Record<string, boolean> => ({
      ...Object.fromEntries(formatting.map((button) => [button.key, button.active?.(current) ?? false])),
      link: current.isActive("link"),
    }),
  });

  // A picked image's description (its alt text), asked under the bar while the image is selected.
  const imageAlt = useEditorState({
    editor,
    selector: ({ editor: current }): string | null =>
      current.isActive("image") ? String(current.getAttributes("image").alt ?? "") : null,
  });

  const buttons: ToolbarButton[] = [
    ...formatting.slice(0, 4),
    {
      key: "link",
      label: "richText.link",
      face: toolbarIcons.link,
      active: (current) => current.isActive("link"),
      run: () => setLinkOpen((open) => !open),
    },
    ...formatting.slice(4),
    {
      key: "image",
      label: "richText.image",
      face: toolbarIcons.image,
      run: () => filePicker.current?.click(),
    },
  ];

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = buttons.length - 1;
    const next =
      event.key === "ArrowRight"
        ? focused === last
          ? 0
          : focused + 1
        : event.key === "ArrowLeft"
          ? focused === 0
            ? last
            : focused - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    bar.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };

  const upload = (files: FileList | null) => {
    for (const file of files ?? []) {
      setUploading((names) => [...names, file.name]);
      uploadEditorImage(projectId, file)
        .then(
          (uploaded) =>
            editor
              .chain()
              .focus()
              .setImage({ src: uploaded.url, alt: uploaded.name.replace(/\.[a-z0-9]+$/i, "") })
              .run(),
          (failure: unknown) =>
            showToast({ type: "error", heading: t("richText.uploadFailed"), body: apiErrorMessage(failure) }),
        )
        .finally(() =>
          setUploading((names) => names.filter((_, index) => index !== names.indexOf(file.name))),
        );
    }
    if (filePicker.current) filePicker.current.value = "";
  };

  return (
    <>
      <div
        ref={bar}
        className="rich-text-toolbar"
        role="toolbar"
        aria-label={t("richText.toolbar", { field })}
        aria-controls={controls}
        onKeyDown={moveFocus}
      >
        {buttons.map((button, index) => (
          <button
            key={button.key}
            type="button"
            className="rich-text-button"
            tabIndex={index === focused ? 0 : -1}
            aria-label={t(button.label)}
            title={t(button.label)}
            aria-pressed={button.active ? Boolean(pressed[button.key]) : undefined}
            disabled={disabled}
            onFocus={() => setFocused(index)}
            onClick={() => button.run(editor)}
          >
            {button.face}
          </button>
        ))}
        <input
          ref={filePicker}
          type="file"
          accept={editorImageTypes}
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => upload(event.target.files)}
        />
      </div>
      {linkOpen && (
        <LinkForm
          id={`${controls}-link`}
          initial={String(editor.getAttributes("link").href ?? "")}
          linked={pressed.link === true}
          onApply={(href) => {
            const chain = editor.chain().focus().extendMarkRange("link");
            if (editor.state.selection.empty && !editor.isActive("link")) {
              chain
                .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
                .run();
            } else {
              chain.setLink({ href }).run();
            }
            setLinkOpen(false);
          }}
          onRemove={() => {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
            setLinkOpen(false);
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
      {imageAlt !== null && (
        <div className="rich-text-link-form">
          <label htmlFor={`${controls}-alt`}>{t("richText.imageAlt")}</label>
          <input
            id={`${controls}-alt`}
            value={imageAlt}
            disabled={disabled}
            onChange={(event) => editor.chain().updateAttributes("image", { alt: event.target.value }).run()}
          />
        </div>
      )}
      {uploading.length > 0 && (
        <p className="rich-text-status subtle" role="status">
          {uploading.map((name) => t("richText.uploading", { name })).join(" ")}
        </p>
      )}
    </>
  );
}
