import { join } from "node:path";
import type { BuildManifest } from "../shared/build-manifest.ts";
import { renderShell } from "./html-shell.ts";
import type { Handler } from "./http/request-log.ts";
import { createNonce, messengerPolicy } from "./http/security-headers.ts";
import { createStaticFiles } from "./http/static-files.ts";

export interface MessengerOriginDeps {
  manifest: BuildManifest;
  distDir: string;
  /** The host origins allowed to frame the messenger, or null when any may. */
  frameAncestors: () => Promise<string[] | null>;
}

/** The CSP `frame-ancestors` value for a list of allowed host origins (null: any host may). */
export function frameAncestorsPolicy(origins: string[] | null): string {
  return origins === null ? "frame-ancestors *" : `frame-ancestors 'self' ${origins.join(" ")}`.trim();
}

/**
 * The messenger origin. The frame app must sit at `/` of its own origin, because a Gleap client checks
 * `event.origin === frameUrl` exactly; the banner and modal frames are at `/banner` and `/modal`. Its pages may only be framed by the hosts projects allow, and run
 * only the scripts the page names (by nonce) and what those load.
 */
export function createMessengerOrigin({ manifest, distDir, frameAncestors }: MessengerOriginDeps): Handler {
  const files = createStaticFiles(join(distDir, "messenger"));
  // The messenger at the root, the banner and modal frames beside it: each page is its own app.
  const pages = new Map([
    ["/", { title: "Messenger", app: manifest.apps.messenger }],
    ["/banner", { title: "Banner", app: manifest.apps.banner }],
    ["/modal", { title: "Modal", app: manifest.apps.modal }],
    ["/builder", { title: "Builder", app: manifest.apps.builder }],
  ]);
  return async (request) => {
    const path = new URL(request.url).pathname;
    const page = pages.get(path);
    if (page) {
      const nonce = createNonce();
      return new Response(renderShell({ title: page.title, lang: "en", app: page.app, nonce }), {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "no-cache",
          "Content-Security-Policy": messengerPolicy(nonce, frameAncestorsPolicy(await frameAncestors())),
        },
      });
    }
    return (await files.serve(request, path)) ?? new Response("Not found", { status: 404 });
  };
}
