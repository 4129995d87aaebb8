import type { Stats } from "node:fs";
import { stat } from "node:fs/promises";
import { join, normalize, resolve, sep } from "node:path";
import { cachePolicyFor, type Encoding, pickEncoding } from "./cache-policy.ts";

export interface StaticFiles {
  /** Answers the file at `pathname` under the root, or null when there is none. */
  serve(request: Request, pathname: string): Promise<Response | null>;
}

export interface StaticFilesOptions {
  /** Whether a path may be loaded from other origins (widget chunks are imported by host pages). */
  crossOrigin?: (pathname: string) => boolean;
}

/** Extensions the build stores precompressed beside the file (`.br`, `.gz`). */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * A file's ETag: its size and modification time. A file embedded in the compiled binary has no
 * modification time (0), and its size alone would give a new release's loader.js, whose chunk names
 * changed but not its length, the old tag (a 304 for stale code); such a file is tagged by its content,
 * hashed once per path, since embedded files never change.
 */
function createEtags(): (path: string, info: Stats) => Promise<string> {
  const contentTags = new Map<string, string>();
  return async (path, info) => {
    if (info.mtimeMs > 0) return `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    let tag = contentTags.get(path);
    if (!tag) {
      tag = `W/"${info.size.toString(36)}-h${Bun.hash(await Bun.file(path).bytes()).toString(36)}"`;
      contentTags.set(path, tag);
    }
    return tag;
  };
}

export function createStaticFiles(rootDir: string, options: StaticFilesOptions = {}): StaticFiles {
  const root = resolve(rootDir);
  const etagOf = createEtags();

  async function fileAt(path: string) {
    try {
      const info = await stat(path);
      return info.isFile() ? info : null;
    } catch {
      return null;
    }
  }

  return {
    async serve(request, pathname) {
      if (request.method !== "GET" && request.method !== "HEAD") return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return null;
      }
      if (decoded.includes("\0")) return null;
      const relative = decoded.endsWith("/") ? `${decoded}index.html` : decoded;
      const path = normalize(join(root, relative));
      if (path !== root && !path.startsWith(root + sep)) return null;

      let info = await fileAt(path);
      let filePath = path;
      if (!info && !relative.endsWith(".html")) {
        // `/demo` → `/demo/index.html`: pages live in folders so their assets can sit beside them.
        filePath = join(path, "index.html");
        info = await fileAt(filePath);
      }
      if (!info) return null;

      const headers = new Headers();
      const servedPath = filePath.slice(root.length).split(sep).join("/");
      headers.set("Content-Type", Bun.file(filePath).type);
      headers.set("Cache-Control", cachePolicyFor(servedPath));
      const etag = await etagOf(filePath, info);
      headers.set("ETag", etag);
      if (options.crossOrigin?.(servedPath)) {
        headers.set("Access-Control-Allow-Origin", "*");
        headers.set("Cross-Origin-Resource-Policy", "cross-origin");
      }
      const compress = compressible.test(filePath);
      // A 304 carries the same Vary as the 200 it stands for (RFC 9110 §15.4.5).
      if (compress) headers.set("Vary", "Accept-Encoding");
      if (matchesEtag(request.headers.get("if-none-match"), etag))
        return new Response(null, { status: 304, headers });

      let body = Bun.file(filePath);
      if (compress) {
        const available: Encoding[] = [];
        if (await fileAt(`${filePath}.br`)) available.push("br");
        if (await fileAt(`${filePath}.gz`)) available.push("gzip");
        const encoding = pickEncoding(request.headers.get("accept-encoding"), available);
        if (encoding) {
          body = Bun.file(`${filePath}${encoding === "br" ? ".br" : ".gz"}`);
          headers.set("Content-Encoding", encoding);
        }
      }
      headers.set("Content-Length", String(body.size));
      return new Response(request.method === "HEAD" ? null : body, { headers });
    },
  };
}

/** If-None-Match holds `*` or a list of (weak or strong) tags; weak comparison applies (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
