import { reportFrameDirectives } from "../../shared/report-frame-policy.ts";

/**
 * The admin shows a reported page (the snapshot, the web replay) in frames of its own origin that run
 * nothing. A `srcdoc` or `about:blank` frame would inherit the admin page's policy, which refuses the
 * page's inline styles: every `<style>` and `style` attribute of the visitor's page was a console
 * error, even where the admin then applied it by hand. These frames load this empty page instead, whose
 * policy is made for showing a page and nothing more:
 *
 * - `style-src 'unsafe-inline'`: the page's own styles, applied by the browser;
 * - pictures, media and fonts from `data:`, `blob:`, this origin and the messenger origin (visitors'
 *   files), and from any web address only when the admin loaded external content for the report
 *   (`?external=1`); the admin narrows it again with the report's own policy (a `<meta>` first in the
 *   frame's document, src/admin/inbox/external-resources.ts `framePolicy`);
 * - no script, frame, form or connection (`default-src 'none'`, `sandbox allow-same-origin` besides
 *   the frame's own `sandbox` attribute), and only the admin itself may frame it.
 *
 * `base-uri` is left open: the snapshot is cleaned here (its markup parsed by this page's `DOMParser`),
 * and a `<base>` in it, dropped by the cleaning, would otherwise be a refusal in the console too.
 */
export const captureFramePath = "/capture-frame";

export function captureFramePolicy(messengerOrigin: string | null, external: boolean): string {
  return [
    ...reportFrameDirectives(["'self'", ...(messengerOrigin ? [messengerOrigin] : [])], external),
    "sandbox allow-same-origin",
    "frame-ancestors 'self'",
  ].join("; ");
}

const emptyPage = '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body></body></html>';

export function captureFramePage(url: URL, messengerOrigin: string | null): Response {
  return new Response(emptyPage, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": captureFramePolicy(
        messengerOrigin,
        url.searchParams.get("external") === "1",
      ),
      "X-Frame-Options": "SAMEORIGIN",
    },
  });
}
