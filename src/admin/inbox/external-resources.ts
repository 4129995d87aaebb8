import { reportFrameDirectives } from "../../shared/report-frame-policy.ts";
import { rewriteCssUrls } from "./css-resource-urls.ts";

/**
 * What a report's views may load. Everything in a report was written by a visitor's browser, so every
 * address in it (snapshot, replay, recording, attachments) is one the visitor chose: fetching it from
 * the admin's browser tells its owner the admin's address and when the report was opened. Until the
 * admin asks for it ("Load external content", for one report at a time), only our own origins (the
 * admin's and the messenger's) are fetched; every other address is replaced before anything renders:
 * a picture by a grey placeholder, anything else (media, frames, stylesheets, fonts) by nothing.
 * The frames enforce the same with their own policy (`framePolicy`), in case an address slips by.
 */

export interface ResourcePolicy {
  /** Origins the views may always load from (`https://admin.example`), without a trailing slash. */
  own: readonly string[];
  /** What relative addresses resolve against: the reported page's address, or the admin's. */
  base: string;
  /** The admin chose to load external content for this report. */
  allowExternal: boolean;
  /** Distinct external addresses met, shared by the views of one report so they are counted once. */
  found?: Set<string>;
}

/** A picture's place (replaced by the placeholder) or any other resource's (dropped). */
export type ResourceKind = "image" | "other";

/** A grey box with a diagonal: where a blocked picture was. Encoded so it never holds `<` or quotes. */
export const externalPlaceholder = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='24' height='24' viewBox='0 0 24 24' preserveAspectRatio='none'><rect width='24' height='24' fill='#e2e4e9'/><path d='M0 24L24 0' stroke='#a3a8b3' stroke-width='1'/></svg>",
)
  .replaceAll("'", "%27")
  .replaceAll("(", "%28")
  .replaceAll(")", "%29")}`;

/** Schemes whose addresses never leave the browser. */
const localSchemes = new Set(["data:", "blob:", "about:"]);
const webSchemes = new Set(["http:", "https:"]);

export interface ExternalResources {
  /** The address to use instead of `raw`, or null to drop the attribute that held it. */
  url(raw: string, kind: ResourceKind): string | null;
  /** A `srcset` with each candidate's address replaced; null when none is left. */
  srcset(value: string): string | null;
  /** CSS with every address it fetches replaced (pictures, fonts and imports alike: by the placeholder). */
  css(text: string): string;
  /** Distinct external addresses met so far (all views of the report, when `found` is shared). */
  readonly found: ReadonlySet<string>;
  /** The policy for a frame that shows the report's page (snapshot and replay frames). */
  readonly framePolicy: string;
}

/**
 * The `Content-Security-Policy` of the snapshot and replay frames: nothing runs or frames, styles only
 * inline; pictures, media and fonts from `data:`, `blob:` and our own origins, and from any web address
 * once the admin allowed it. The capture frame's own policy (capture-frame.ts, the server's header)
 * says as much and applies too; this one, written into each frame's document, follows the report.
 */
export function framePolicy(own: readonly string[], allowExternal: boolean): string {
  return reportFrameDirectives(own, allowExternal).join("; ");
}

/** The origin of an http(s) address, or null for anything else (the admin's own origin list). */
export function originOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return webSchemes.has(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Splits a `srcset` into its candidates as the HTML standard's parser does: an address runs to the next
 * whitespace (a trailing comma ends it), its descriptors to the next comma outside parentheses.
 */
export function srcsetCandidates(value: string): Array<{ url: string; descriptors: string }> {
  const candidates: Array<{ url: string; descriptors: string }> = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i] as string)) i++;
    if (i >= value.length) break;
    let end = i;
    while (end < value.length && !/\s/.test(value[end] as string)) end++;
    let url = value.slice(i, end);
    i = end;
    if (url.endsWith(",")) {
      url = url.replace(/,+$/, "");
      candidates.push({ url, descriptors: "" });
      continue;
    }
    let depth = 0;
    let descriptors = "";
    while (i < value.length) {
      const c = value[i] as string;
      if (c === "(") depth++;
      else if (c === ")") depth = Math.max(0, depth - 1);
      else if (c === "," && depth === 0) break;
      descriptors += c;
      i++;
    }
    candidates.push({ url, descriptors: descriptors.trim() });
  }
  return candidates;
}

export function externalResources(policy: ResourcePolicy): ExternalResources {
  const found = policy.found ?? new Set<string>();
  const own = new Set(policy.own);

  const url = (raw: string, kind: ResourceKind): string | null => {
    const trimmed = raw.trim();
    // Nothing, or a part of the same document (`url(#clip)`): nothing is fetched.
    if (trimmed === "" || trimmed.startsWith("#")) return raw;
    let parsed: URL;
    try {
      parsed = new URL(trimmed, policy.base);
    } catch {
      return null;
    }
    if (localSchemes.has(parsed.protocol)) return raw;
    // `javascript:`, `file:`, `ftp:` and the like: never loaded, not even on request.
    if (!webSchemes.has(parsed.protocol)) return null;
    if (own.has(parsed.origin)) return parsed.href;
    found.add(parsed.href);
    if (policy.allowExternal) return parsed.href;
    return kind === "image" ? externalPlaceholder : null;
  };

  return {
    url,
    srcset(value) {
      const kept = srcsetCandidates(value).flatMap((candidate) => {
        const address = url(candidate.url, "image");
        if (address === null) return [];
        return [candidate.descriptors ? `${address} ${candidate.descriptors}` : address];
      });
      return kept.length > 0 ? kept.join(", ") : null;
    },
    css: (text) =>
      text.includes("(") || /@import/i.test(text) || text.includes("\\")
        ? rewriteCssUrls(text, (address) => url(address, "image") ?? externalPlaceholder)
        : text,
    found,
    framePolicy: framePolicy(policy.own, policy.allowExternal),
  };
}
