import DOMPurify from "dompurify";
import { holdRichTextAddresses, richTextPurifyOptions } from "../../shared/rich-text-purify.ts";

/**
 * HTML written in the admin (a banner's or a modal's body, and the messenger's rich texts) is sanitized
 * with the shared allow-list before it is shown, so a frame never runs a script or loads more than an
 * image. Links do not navigate the frame: the apps hand them to the host (`open-url`), which opens them
 * its way. The banner, the modal and the messenger's lazy screens import this file (the build puts it
 * with DOMPurify in a chunk they share); the messenger's first screen does not.
 */
holdRichTextAddresses(DOMPurify);

export function sanitizeHtml(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  return DOMPurify.sanitize(html, richTextPurifyOptions);
}
