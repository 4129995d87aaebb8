import { lazy, Suspense } from "react";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { tipTapToHtml } from "../../shared/tiptap-html.ts";
import { useT } from "../i18n/intl.ts";
import "./rich-text-texts.ts";
import { toolbarButtons } from "./toolbar-formatting.tsx";

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

const nothing = () => {};
// The toolbar's own buttons (their faces only, nothing to press), so that the placeholder's bar wraps
// into as many rows as the editor's on a narrow screen.
const placeholderButtons = toolbarButtons({ onLink: nothing, onImage: nothing });

/**
 * The stored text as the editor draws it: ProseMirror gives an empty block, or one whose text ends in a
 * line break, one more break so that its caret has a line, which the plain HTML does not.
 */
const asEditorDraws = (html: string) =>
  html
    .replace(/(<br>|\n)<\/(p|h[1-6]|code)>/g, "$1<br></$2>")
    .replace(/<(p|h[1-6]|code)><\/\1>/g, "<$1><br></$1>");

/** Nothing or one empty paragraph (a new text): nothing worth showing while the editor loads. */
const blank = (html: string) => html === "" || html === "<p></p>";

/**
 * What shows while the editor's code loads: the editor's own box with its classes (its frame, its
 * toolbar's buttons, inert and faded, and its editing surface), so that the fields and buttons under
 * it do not move when the editor takes its place; a control that moved as the code came made a click
 * aimed at it land elsewhere. The surface shows the stored text set as the editor sets it (the shared
 * article typography), so that it is as high as the editor will be; an empty one has the surface's
 * least height. The text cannot be edited yet: the box says it is busy.
 */
function EditorPlaceholder({ label, value }: Pick<RichTextEditorProps, "label" | "value">) {
  const { t } = useT();
  const html = value ? tipTapToHtml(value) : "";
  const loading = t("richText.loading");
  return (
    <div className="field rich-text-field">
      <span className="rich-text-label">{label}</span>
      <div className="rich-text-box is-loading" aria-busy="true">
        <div className="rich-text-toolbar" aria-hidden="true">
          {placeholderButtons.map((button) => (
            <span key={button.key} className="rich-text-button">
              {button.face}
            </span>
          ))}
        </div>
        {blank(html) ? (
          <div className="rich-text-content rich-text-loading" role="status">
            {loading}
          </div>
        ) : (
          <>
            <span className="visually-hidden" role="status">
              {loading}
            </span>
            <div
              className="rich-text-content article-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: tipTapToHtml escapes every text and attribute and keeps only safe addresses.
              dangerouslySetInnerHTML={{ __html: asEditorDraws(html) }}
            />
          </>
        )}
      </div>
    </div>
  );
}

/**
 * A rich text a visitor reads (news, banners, modals, notifications, checklist and tour steps…),
 * written as a TipTap document: headings, bold and italic, links, lists, images and code.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} value={props.value} />}>
      <TipTapEditor {...props} />
    </Suspense>
  );
}
