import DOMPurify from "dompurify";
import { holdRichTextAddresses, richTextPurifyOptions } from "../../shared/rich-text-purify.ts";

/**
 * The admin's preview cleans an HTML body with the allow-list the banner and modal frames apply
 * (src/shared/rich-text-allow-list.ts, through DOMPurify like the frames), so the preview shows what
 * visitors will see: formatting, lists, headings, quotes, tables, links and images, no script, style or
 * event handler.
 */
holdRichTextAddresses(DOMPurify);

export function sanitizePreview(html: string): string {
  return html ? DOMPurify.sanitize(html, richTextPurifyOptions) : "";
}
