import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { useT } from "../i18n/intl.ts";

/** A picked image's description (its alt text), asked under the toolbar while the image is selected. */
export function ImageAltField({ editor, id, disabled }: { editor: Editor; id: string; disabled: boolean }) {
  const { t } = useT();
  const alt = useEditorState({
    editor,
    selector: ({ editor: current }): string | null =>
      current.isActive("image") ? String(current.getAttributes("image").alt ?? "") : null,
  });
  if (alt === null) return null;
  return (
    <div className="rich-text-link-form">
      <label htmlFor={id}>{t("richText.imageAlt")}</label>
      <input
        id={id}
        value={alt}
        disabled={disabled}
        onChange={(event) => editor.chain().updateAttributes("image", { alt: event.target.value }).run()}
      />
    </div>
  );
}
