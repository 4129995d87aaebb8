import { lazy, Suspense } from "react";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { useT } from "../i18n/intl.ts";
import "./rich-text-texts.ts";

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: TipTapDoc | null;
  onChange: (doc: TipTapDoc) => void;
  /** Where uploaded images belong (the staff upload path is per project). */
  projectId: string;
  disabled?: boolean;
}

// TipTap and ProseMirror are the heaviest code of the admin: they load when the first editor shows,
// so neither the sign-in route nor a content list downloads them.
const TipTapEditor = lazy(() => import("./tiptap-editor.tsx"));

/**
 * A rich text a visitor reads (news, banners, modals, notifications, checklist and tour steps…),
 * written as a TipTap document: headings, bold and italic, links, lists, images and code.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useT();
  return (
    <Suspense
      fallback={
        <div className="field rich-text-field">
          <span className="rich-text-label">{props.label}</span>
          <div className="rich-text-loading subtle" role="status">
            {t("richText.loading")}
          </div>
        </div>
      }
    >
      <TipTapEditor {...props} />
    </Suspense>
  );
}
