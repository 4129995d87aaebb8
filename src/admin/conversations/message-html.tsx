import DOMPurify from "dompurify";
import { holdRichTextAddresses, richTextPurifyOptions } from "../../shared/rich-text-purify.ts";
import type { ExternalResources } from "../inbox/external-resources.ts";

/**
 * Staff and bot messages are HTML. The server cleans them when stored; the admin cleans them again with
 * the allow-list the messenger applies to the same messages (src/shared/rich-text-allow-list.ts), so an
 * older row or a bug cannot run a script, load a frame or style the dashboard. Links open in a new tab,
 * never in the admin's own. Pictures on other sites are held back like a report's (external-resources.ts)
 * until the admin loads the conversation's external content.
 */
holdRichTextAddresses(DOMPurify);

/**
 * The HTML with the shared allow-list applied, every link sent to a new tab without a handle on the
 * admin, and, given `resources`, every picture's address rewritten. The cleaned nodes stay in
 * DOMPurify's own document, which has no browsing context: in the admin's, a picture starts loading as
 * soon as it is made, before any rewriting.
 */
export function sanitizeMessageHtml(html: string, resources?: ExternalResources): string {
  const clean = DOMPurify.sanitize(html, { ...richTextPurifyOptions, RETURN_DOM_FRAGMENT: true });
  for (const link of clean.querySelectorAll("a[href]")) {
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer");
  }
  if (resources) {
    for (const image of clean.querySelectorAll("img[src]")) {
      const address = resources.url(image.getAttribute("src") ?? "", "image");
      if (address === null) image.removeAttribute("src");
      else image.setAttribute("src", address);
    }
  }
  const holder = (clean.ownerDocument ?? document).createElement("div");
  holder.append(clean);
  return holder.innerHTML;
}

/** A staff or bot message's HTML, already cleaned by `sanitizeMessageHtml`. */
export function MessageHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (sanitizeMessageHtml).
  return <div className="message-html" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}
