import { latestBuildPath } from "../../shared/latest-build.ts";

/**
 * Cache-Control for a static path. Content-hashed build outputs never change under their name, so they
 * are cached for a year; the snippet's stable `/sdk/loader.js`, the latest-build file and every HTML page must be revalidated
 * on each load so a deployment reaches visitors at once; anything else (flags, sounds) for an hour.
 */
export function cachePolicyFor(pathname: string): string {
  if (
    pathname === "/sdk/loader.js" ||
    pathname === latestBuildPath ||
    pathname.endsWith(".html") ||
    pathname.endsWith("/")
  )
    return "no-cache";
  if (isContentHashed(pathname)) return "public, max-age=31536000, immutable";
  return "public, max-age=3600";
}

/**
 * Build outputs live in /sdk/ and /assets/ and are named `{name}-{hash}.{ext}` (build.ts), the hash being
 * 8+ lower-case letters/digits. Only those folders count: a public file such as `/feedback-launcher.js`
 * has the same shape but may change under its name.
 */
export function isContentHashed(pathname: string): boolean {
  return /^\/(sdk|assets)\/([^/]+\/)*[^/]+-[a-z0-9]{8,}\.[a-z0-9]+$/.test(pathname);
}

export type Encoding = "br" | "gzip";

/** Picks the best precompressed variant the client accepts (a `q=0` entry refuses it). */
export function pickEncoding(acceptEncoding: string | null, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const wildcard = accepted.get("*") ?? 0;
  for (const encoding of ["br", "gzip"] as const) {
    if (!available.includes(encoding)) continue;
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return null;
}
