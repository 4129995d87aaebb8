import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { useState } from "react";
import { useT } from "../i18n/intl.ts";
import { ImageAltField } from "./image-alt-field.tsx";
import { editorImageTypes } from "./rich-text-uploads.ts";
import { formatting, toolbarButtons } from "./toolbar-formatting.tsx";
import { ToolbarLinkForm } from "./toolbar-link-form.tsx";
import { useImageUpload } from "./use-image-upload.ts";
import { useToolbarFocus } from "./use-toolbar-focus.ts";

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
  const [linkOpen, setLinkOpen] = useState(false);
  const { filePicker, uploading, upload } = useImageUpload(editor, projectId);
  const buttons = toolbarButtons({
    onLink: () => setLinkOpen((open) => !open),
    onImage: () => filePicker.current?.click(),
  });
  const { bar, focused, setFocused, moveFocus } = useToolbarFocus(buttons.length);

  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }): Record<string, boolean> => ({
      ...Object.fromEntries(formatting.map((button) => [button.key, button.active?.(current) ?? false])),
      link: current.isActive("link"),
    }),
  });

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
        <ToolbarLinkForm
          editor={editor}
          id={`${controls}-link`}
          linked={pressed.link === true}
          onClose={() => setLinkOpen(false)}
        />
      )}
      <ImageAltField editor={editor} id={`${controls}-alt`} disabled={disabled} />
      {uploading.length > 0 && (
        <p className="rich-text-status subtle" role="status">
          {uploading.map((name) => t("richText.uploading", { name })).join(" ")}
        </p>
      )}
    </>
  );
}
