import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";

/**
 * A site of its own for the specs: the static host pages of `e2e/host-pages/` served by a plain HTTP
 * server on a free port of 127.0.0.1, an origin other than the e2e server's (`localhost:PORT`), as a
 * site owner's page would be. A page's `<!-- gleap-snippet -->` comment becomes the snippet that
 * `snippetFor(key)` answers, for the SDK key in the page's `?key=` query; without a key the page is
 * served as it is (an embedded frame's document, a font).
 */

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".png": "image/png",
};

export interface HostPageServer {
  origin: string;
  /** The address of `file` with the snippet of `key`. */
  url(file: string, key?: string): string;
  close(): Promise<void>;
}

export const hostPagesFolder = resolve(import.meta.dirname, "../host-pages");

export async function startHostPageServer(snippetFor: (key: string) => string): Promise<HostPageServer> {
  const server = createServer(async (request, response) => {
    const address = new URL(request.url ?? "/", "http://host");
    const path = normalize(join(hostPagesFolder, decodeURIComponent(address.pathname)));
    const type = types[extname(path)];
    if (!path.startsWith(hostPagesFolder) || !type) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(path);
      const key = address.searchParams.get("key");
      const text = type.startsWith("text/html") && key ? body.toString("utf8") : null;
      response
        .writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" })
        .end(text === null ? body : text.replace("<!-- gleap-snippet -->", () => snippetFor(key ?? "")));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (file, key) => `${origin}/${file}${key ? `?key=${encodeURIComponent(key)}` : ""}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
