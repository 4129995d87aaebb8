/**
 * What a host page with a Content-Security-Policy must allow for the widget, as directive lines to add
 * to its own policy (the install panel prints them). Scripts and styles need no line of their own when
 * the host uses a nonce: it passes the nonce to `Gleap.initialize(key, { nonce })` (or gives it to the
 * snippet's `<script>` tag), and the loader puts it on every chunk import and every `<style>` it adds.
 * The `script-src` origin is for hosts without `'strict-dynamic'`, which would otherwise refuse the
 * loader's own file; browsers that know `'strict-dynamic'` ignore it. Pictures the project links from
 * elsewhere (a launcher icon or an avatar at another address) need that origin in `img-src` as well.
 * `e2e/sdk-csp.e2e.ts` shows every surface on a host with exactly these lines, and that each is needed.
 */

export interface CspOrigins {
  /** The origin serving the loader, its chunks and the widget API (`https://feedback.example.com`). */
  mainOrigin: string;
  /** The origin of the messenger, banner and modal frames and of visitors' uploaded files. */
  messengerOrigin: string;
  /** The widget socket's origin (`wss://feedback.example.com`). */
  websocketOrigin: string;
}

/** The directives, each with what it is for: the order the install panel lists them in. */
const directives = [
  // The loader file (its chunks come with the nonce).
  "script-src",
  // The widget API (sessions, config, reports, uploads) and its live socket.
  "connect-src",
  // The messenger, banner and modal are frames of the messenger origin.
  "frame-src",
  // Avatars, logos and uploaded pictures; `data:` and `blob:` for the screenshot and its preview.
  "img-src",
  // The notification sound, the co-pilot's voice and the screen recording's preview (`blob:`).
  "media-src",
  // The screenshot resizes the page's pictures in a worker made from a `blob:` script.
  "worker-src",
] as const;

type Directive = (typeof directives)[number];

/** `https://host:port` of a URL or an origin (paths and trailing slashes dropped). */
function originOf(value: string): string {
  return new URL(value).origin;
}

/**
 * The lines, e.g. `connect-src https://feedback.example.com wss://feedback.example.com`. Each source is
 * listed once per line; a site merges each line's sources into the directive of the same name.
 */
export function cspLines(origins: CspOrigins): string[] {
  const main = originOf(origins.mainOrigin);
  const messenger = originOf(origins.messengerOrigin);
  const socket = originOf(origins.websocketOrigin.replace(/^http/i, "ws"));
  const sources: Record<Directive, string[]> = {
    "script-src": [main],
    "connect-src": [main, socket],
    "frame-src": [messenger],
    "img-src": [main, messenger, "data:", "blob:"],
    "media-src": [main, messenger, "data:", "blob:"],
    "worker-src": ["blob:"],
  };
  return directives.map((directive) => [directive, ...new Set(sources[directive])].join(" "));
}

/** The socket's origin for an API origin: the same host, `ws:` for `http:` and `wss:` for `https:`. */
export function websocketOriginOf(apiOrigin: string): string {
  return originOf(apiOrigin).replace(/^http/i, "ws");
}
