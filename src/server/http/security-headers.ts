import type { CaptchaSettings } from "../config.ts";

/**
 * Security headers of both origins. Every response passes `withRequestLog` (request-log.ts), which calls
 * `applySecurityHeaders` once; the HTML pages that need a richer policy (the admin SPA, the messenger
 * frame) set theirs with the builders below, and `applySecurityHeaders` leaves a policy already set alone.
 */

/**
 * Full URLs stay on our own origin; other origins (captcha providers, links the admin follows) see only
 * the origin, and nothing goes from HTTPS to HTTP. The browser's default, made explicit so an older
 * browser or a proxy's default cannot leak paths.
 */
export const referrerPolicy = "strict-origin-when-cross-origin";

/** For everything that is not a page: nothing may load, run or frame it (API JSON, uploads, images, errors). */
export const lockedDownPolicy = "default-src 'none'; frame-ancestors 'none'";

/** A fresh CSP nonce: 128 random bits, base64 (one per HTML response, never reused). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

type CaptchaProvider = CaptchaSettings["provider"];

/** What each human-verification provider loads into the admin page (only the configured one is allowed). */
const captchaSources: Record<CaptchaProvider, { script: string[]; frame: string[]; inlineStyles: boolean }> =
  {
    // Self-hosted proof of work: the solver is one of our own lazy chunks and asks our own API.
    altcha: { script: [], frame: [], inlineStyles: false },
    off: { script: [], frame: [], inlineStyles: false },
    // api.js from www.google.com loads its code from www.gstatic.com and runs in a google.com frame; its
    // badge is markup with style attributes.
    recaptcha: {
      script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
      frame: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
      inlineStyles: true,
    },
    // Cloudflare's documented sources; its container may be styled by the script.
    turnstile: {
      script: ["https://challenges.cloudflare.com"],
      frame: ["https://challenges.cloudflare.com"],
      inlineStyles: true,
    },
  };

/**
 * `script-src` of a nonce-based page: the nonce marks the shell's own tags, and `'strict-dynamic'` lets
 * those scripts load what they load (lazy chunks, the captcha script). Browsers that know
 * `'strict-dynamic'` ignore the `'self'` and host entries; older ones fall back to them.
 */
const nonceScripts = (nonce: string, hosts: readonly string[] = []) =>
  ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...hosts].join(" ");

/**
 * The admin SPA's policy. Nothing is allowed by default; the app needs its own scripts, styles and API,
 * images from itself, `data:` (QR codes, the empty favicon) and `https:` (a skill's icon may be a picture
 * link), visitors' files from `filesOrigin` (the messenger origin serves uploads, never this one), and
 * the configured captcha provider's scripts and frames, and frames of its own origin (the page a report
 * captured is shown in, capture-frame.ts). It may not be framed at all.
 */
export function adminPolicy(nonce: string, captcha: CaptchaProvider, filesOrigin = ""): string {
  const provider = captchaSources[captcha];
  const files = filesOrigin ? ` ${filesOrigin}` : "";
  return [
    "default-src 'none'",
    nonceScripts(nonce, provider.script),
    // React's `style` props are set through the CSSOM, which style-src does not govern.
    provider.inlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    `img-src 'self'${files} data: https:`,
    // The inbox plays visitors' screen recordings: from the files origin, or from the bucket's HTTPS URL.
    `media-src 'self'${files} blob: https:`,
    "font-src 'self'",
    "connect-src 'self'",
    // 'self': the frames a reported page is shown in (capture-frame.ts).
    ["frame-src", "'self'", ...provider.frame].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The messenger frame's policy: its scripts by nonce, no plugins, no `<base>`, and the `frame-ancestors`
 * the projects allow (`frameAncestors`, from `frameAncestorsPolicy`). Other fetches are not restricted
 * here: the messenger talks to the main origin's widget API and shows content from anywhere.
 */
export function messengerPolicy(nonce: string, frameAncestors: string): string {
  return [nonceScripts(nonce), "object-src 'none'", "base-uri 'none'", frameAncestors].join("; ");
}

/** Headers only the admin pages get besides their policy: `X-Frame-Options` for browsers without CSP 2. */
export const adminPageHeaders = { "X-Frame-Options": "DENY" } as const;

/**
 * Sets the headers every response carries (`X-Content-Type-Options`, `Referrer-Policy`) and, on a
 * response without a policy of its own, the locked-down policy, except on a page or a script outside
 * the API: a static HTML page (the demo host page) keeps the freedom a host page needs, and a script's
 * policy would bind it when it runs as a worker.
 */
export function applySecurityHeaders(response: Response, pathname: string): void {
  const headers = response.headers;
  // json() answers carry all three already; `has` is cheaper than setting them again.
  if (!headers.has("X-Content-Type-Options")) headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", referrerPolicy);
  if (headers.has("Content-Security-Policy")) return;
  const type = (headers.get("Content-Type") ?? "").toLowerCase();
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  const pageOrScript = type.startsWith("text/html") || /^(text|application)\/javascript/.test(type);
  if (isApi || !pageOrScript) headers.set("Content-Security-Policy", lockedDownPolicy);
}
