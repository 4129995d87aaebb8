import { join } from "node:path";
import type { SQL } from "bun";
import type { BuildManifest } from "../shared/build-manifest.ts";
import type { Database } from "./database/database.ts";
import { renderShell } from "./html-shell.ts";
import { json, jsonError } from "./http/json-response.ts";
import type { Handler } from "./http/request-log.ts";
import { createStaticFiles } from "./http/static-files.ts";
import { startSession } from "./widget-api/sessions-routes.ts";
import { widgetPreflight, withWidgetCors } from "./widget-api/widget-cors.ts";

export interface MainOriginDeps {
  db: Database;
  manifest: BuildManifest;
  distDir: string;
  sessionSecret: string;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type ApiRoute = Partial<Record<Method, Handler>>;

/** The admin SPA's own routes; any other page path gets the SPA too, but with status 404. */
const spaRoutes = /^\/(login|dashboard(\/.*)?)?$/;

/**
 * The main origin: platform and widget APIs, SDK files, the demo host page and the admin SPA.
 * Exact API paths dispatch through one table per prefix; everything else is a file or a page.
 */
export function createMainOrigin({ db, manifest, distDir, sessionSecret }: MainOriginDeps): Handler {
  const files = createStaticFiles(join(distDir, "main"), {
    crossOrigin: (path) => path.startsWith("/sdk/"),
  });
  const sql: SQL = db.sql;
  const adminShell = renderShell({ title: "Admin", lang: "en", app: manifest.apps.admin });

  const widgetApi: Record<string, ApiRoute> = {
    "/api/widget/sessions": { POST: (request) => startSession(request, { sql, sessionSecret }) },
  };

  async function health(): Promise<Response> {
    const ok = await db.ping();
    return json(
      { status: ok ? "ok" : "degraded", database: { engine: db.engine, ok } },
      { status: ok ? 200 : 503 },
    );
  }

  async function dispatch(
    request: Request,
    routes: Record<string, ApiRoute>,
    path: string,
  ): Promise<Response> {
    const route = routes[path];
    if (!route) return jsonError(404, `No API endpoint at ${path}`);
    const handler = route[request.method as Method];
    if (!handler) {
      return jsonError(405, `${request.method} is not allowed on ${path}`, undefined, {
        headers: { Allow: Object.keys(route).join(", ") },
      });
    }
    return handler(request);
  }

  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/healthz") return health();
    if (path.startsWith("/api/widget/")) {
      if (request.method === "OPTIONS") return widgetPreflight();
      return withWidgetCors(await dispatch(request, widgetApi, path));
    }
    if (path === "/api" || path.startsWith("/api/")) return dispatch(request, {}, path);

    const file = await files.serve(request, path);
    if (file) return file;
    if (request.method !== "GET" && request.method !== "HEAD") return jsonError(404, `Nothing at ${path}`);
    if (path.startsWith("/sdk/") || path.startsWith("/assets/"))
      return new Response("Not found", { status: 404 });
    return new Response(adminShell, {
      status: spaRoutes.test(path) ? 200 : 404,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
    });
  };
}
