import { join } from "node:path";
import type { ServedBuildManifest } from "../shared/build-manifest.ts";
import { frameInboxScript } from "../shared/frame-inbox.ts";
import { frameMessageText } from "../shared/frame-messages.ts";
import { frameKeyOf } from "../shared/frame-source.ts";
import { renderShell, type ShellOptions } from "./html-shell.ts";
import type { Handler } from "./http/request-log.ts";
import { createNonce, messengerPolicy } from "./http/security-headers.ts";
import { createStaticFiles } from "./http/static-files.ts";

export interface MessengerOriginDeps {
  manifest: ServedBuildManifest;
  distDir: string;
  /**
   * The host origins allowed to frame a page opened for the project with this SDK key (null: opened
   * without one), or null when any host may.
   */
  frameAncestors: (sdkKey: string | null) => Promise<string[] | null>;
  /** Visitors' uploads (`/api/files/uploads/…`), served here rather than on the admin's origin. */
  uploads?: (request: Request, path: string) => Promise<Response | null>;
}

/** Each frame's inline script: it announces the frame while the page parses (frame-inbox.ts). */
const messengerInboxScript = frameInboxScript(frameMessageText({ name: "ping" }));
const bannerInboxScript = frameInboxScript(frameMessageText({ name: "banner-loaded", type: "BANNER" }));
const modalInboxScript = frameInboxScript(frameMessageText({ name: "modal-loaded", type: "MODAL" }));

/** The CSP `frame-ancestors` value for a list of allowed host origins (null: any host may). */
export function frameAncestorsPolicy(origins: string[] | null): string {
  return origins === null ? "frame-ancestors *" : `frame-ancestors 'self' ${origins.join(" ")}`.trim();
}

/**
 * The messenger origin. The frame app must sit at `/` of its own origin, because a Gleap client checks
 * `event.origin === frameUrl` exactly; the banner and modal frames are at `/banner` and `/modal`. Its pages may only be framed by the hosts projects allow, and run
 * only the scripts the page names (by nonce) and what those load.
 */
export function createMessengerOrigin({
  manifest,
  distDir,
  frameAncestors,
  uploads,
}: MessengerOriginDeps): Handler {
  const files = createStaticFiles(join(distDir, "messenger"));
  // The messenger at the root, the banner and modal frames beside it: each page is its own app.
  const pages = new Map<string, Pick<ShellOptions, "title" | "app" | "headScript">>([
    ["/", { title: "Messenger", app: manifest.apps.messenger, headScript: messengerInboxScript }],
    ["/banner", { title: "Banner", app: manifest.apps.banner, headScript: bannerInboxScript }],
    ["/modal", { title: "Modal", app: manifest.apps.modal, headScript: modalInboxScript }],
    ["/builder", { title: "Builder", app: manifest.apps.builder }],
  ]);
  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname;
    const upload = await uploads?.(request, path);
    if (upload) return upload;
    const page = pages.get(path);
    if (page) {
      const nonce = createNonce();
      return new Response(renderShell({ ...page, lang: "en", nonce }), {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-cache",
          // Per project: the frame URL names the project it is opened for (`?sdkKey=`, frame-source.ts).
          "Content-Security-Policy": messengerPolicy(
            nonce,
            frameAncestorsPolicy(await frameAncestors(frameKeyOf(url.search))),
          ),
        },
      });
    }
    return (await files.serve(request, path)) ?? new Response("Not found", { status: 404 });
  };
}
