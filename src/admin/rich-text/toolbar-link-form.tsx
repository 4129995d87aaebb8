import type { Editor } from "@tiptap/core";
import { LinkForm } from "./link-form.tsx";

/**
 * The link form of the toolbar, wired to the editor: an address applied to a bare caret is inserted
 * as its own linked text, else the selection (or the link the caret is in) gets it.
 */
export function ToolbarLinkForm({
  editor,
  id,
  linked,
  onClose,
}: {
  editor: Editor;
  id: string;
  /** The caret is in a link already. */
  linked: boolean;
  onClose: () => void;
}) {
  return (
    <LinkForm
      id={id}
      initial={String(editor.getAttributes("link").href ?? "")}
      linked={linked}
      onApply={(href) => {
        const chain = editor.chain().focus().extendMarkRange("link");
        if (editor.state.selection.empty && !editor.isActive("link")) {
          chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
        } else {
          chain.setLink({ href }).run();
        }
        onClose();
      }}
      onRemove={() => {
        editor.chain().focus().extendMarkRange("link").unsetLink().run();
        onClose();
      }}
      onCancel={() => {
        onClose();
        editor.commands.focus();
      }}
    />
  );
}
