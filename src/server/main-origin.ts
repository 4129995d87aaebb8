import { join } from "node:path";
import type { BuildManifest, ServedBuildManifest } from "../shared/build-manifest.ts";
import type { CaptchaSettings } from "./config.ts";
import type { Database } from "./database/database.ts";
import { renderShell } from "./html-shell.ts";
import { adminRoutePreload } from "./http/admin-route-preload.ts";
import type { ApiRoute } from "./http/api-route.ts";
import { captureFramePage, captureFramePath } from "./http/capture-frame.ts";
import type { ClientAddressOf } from "./http/client-address.ts";
import { clientIpHeader } from "./http/client-ip-header.ts";
import { json, jsonError } from "./http/json-response.ts";
import {
  allowedPlatformOrigin,
  originOf,
  platformPreflight,
  withPlatformCors,
} from "./http/platform-cors.ts";
import type { Handler, ServerFacade } from "./http/request-log.ts";
import { requestPath } from "./http/request-path.ts";
import { createRouter } from "./http/router.ts";
import { adminPageHeaders, adminPolicy, createNonce } from "./http/security-headers.ts";
import { createStaticFiles } from "./http/static-files.ts";
import type { SocketData } from "./realtime/socket-handlers.ts";
import type { StaffSocketData } from "./realtime/staff-socket.ts";
import type { SocketCapRefusal, WidgetSocketCounts } from "./realtime/widget-socket-caps.ts";
import type { WidgetApi } from "./widget-api/widget-api.ts";

export interface MainOriginDeps {
  db: Database;
  manifest: ServedBuildManifest;
  distDir: string;
  widgetApi: WidgetApi;
  /** The platform API's routes, loaded once the server listens (a request before then waits). */
  platformRoutes: () => Promise<readonly ApiRoute[]>;
  /** The human verification the admin's sign-in loads; its policy allows that provider only. */
  captchaProvider: CaptchaSettings["provider"];
  /** Checks an admin's socket before the upgrade (`/api/admin/ws`). */
  authenticateStaff: (request: Request) => Promise<StaffSocketData | Response>;
  /** Open widget sockets per session and per address, capped. */
  widgetSockets: WidgetSocketCounts;
  /** The messenger origin's public URL, known once it listens; its builder frame may call `/api/projects`. */
  messengerUrl: () => string;
  /** Who the client is: the peer, or behind a trusted proxy its `X-Forwarded-For` (client-address.ts). */
  clientAddress: ClientAddressOf;
  /** `/readyz`: whether the database and the configured Redis and storage answer (readiness.ts). */
  readiness?: () => Promise<Response>;
}

/**
 * Applies the admin's stored light or dark choice before the first paint, so an explicit choice never
 * flashes the other theme while the app script loads (the app's theme.ts keeps it from then on; with
 * no choice the CSS media query decides and nothing is set).
 */
const adminThemeScript = `try{var t=localStorage.getItem("theme");if(t==="light"||t==="dark")document.documentElement.setAttribute("data-theme",t)}catch(e){}`;

/**
 * The admin SPA's own routes (the invitation's accept page `/invite/{token}` among them); any other
 * page path gets the SPA too, but with status 404.
 */
export const spaRoutes = /^\/(login|dashboard(\/.*)?|invite\/[^/]+)?$/;

export const widgetSocketPath = "/api/widget/ws";
export const staffSocketPath = "/api/admin/ws";

function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers);
  headers.set(clientIpHeader, ip);
  return new Request(request, { headers });
}

/** A socket past its cap: the client's reconnect (every 5 s) finds a slot once another socket closed. */
function tooManySockets(cap: SocketCapRefusal): Response {
  const error =
    cap === "session" ? "Too many open sockets for this session" : "Too many open sockets from this address";
  return jsonError(429, error, undefined, { headers: { "Retry-After": "5" } });
}

/**
 * The main origin: platform and widget APIs, the widget websocket, SDK files, the demo host page and
 * the admin SPA.
 */
export function createMainOrigin({
  db,
  manifest,
  distDir,
  widgetApi,
  platformRoutes,
  captchaProvider,
  authenticateStaff,
  messengerUrl,
  widgetSockets,
  clientAddress,
  readiness,
}: MainOriginDeps): Handler<SocketData> {
  const clientIp = (request: Request, server: ServerFacade<SocketData>) =>
    clientAddress(request, server.requestIP(request)?.address);
  const files = createStaticFiles(join(distDir, "main"), {
    // The SDK's files and its sounds are used by host pages on other origins.
    crossOrigin: (path) => path.startsWith("/sdk/") || path.startsWith("/sounds/"),
  });
  const admin = manifest.apps.admin;
  const routePreloadFor = adminRoutePreload(admin.routes);
  const platformApi = platformApiOf(platformRoutes, messengerUrl);

  async function health(): Promise<Response> {
    const ok = await db.ping();
    return json(
      { status: ok ? "ok" : "degraded", database: { engine: db.engine, ok } },
      { status: ok ? 200 : 503 },
    );
  }

  async function upgradeWidgetSocket(
    request: Request,
    server: ServerFacade<SocketData>,
  ): Promise<Response | undefined> {
    const ip = clientIp(request, server);
    // Refused before the session is looked up: an address at its cap costs no database read.
    if (widgetSockets.ipFull(ip)) return tooManySockets("ip");
    const context = await widgetApi.authenticateSession(request, new URL(request.url), ip);
    if (context instanceof Response) return context;
    const sessionId = context.session?.id ?? "";
    const refused = await widgetSockets.reserve(sessionId, ip);
    if (refused) return tooManySockets(refused);
    const data: SocketData = { kind: "widget", sessionId, projectId: context.project.id, ip };
    if (server.upgrade(request, { data })) return undefined;
    widgetSockets.release(sessionId, ip);
    return jsonError(400, "Expected a websocket upgrade");
  }

  return async (request, server) => {
    const path = requestPath(request.url);
    if (path === "/healthz") return health();
    if (path === "/readyz" && readiness) return readiness();
    if (path === widgetSocketPath) return upgradeWidgetSocket(request, server);
    if (path === staffSocketPath) return upgradeStaffSocket(authenticateStaff, request, server);
    if (path.startsWith("/api/widget/")) return widgetApi.handle(request, clientIp(request, server));
    if (path === "/api" || path.startsWith("/api/"))
      return platformApi(withClientIp(request, clientIp(request, server)), path);

    const file = await files.serve(request, path);
    if (file) return file;
    if (request.method !== "GET" && request.method !== "HEAD") return jsonError(404, `Nothing at ${path}`);
    if (path === captureFramePath)
      return captureFramePage(new URL(request.url), originOf(messengerUrl()) || null);
    if (path.startsWith("/sdk/") || path.startsWith("/assets/"))
      return new Response("Not found", { status: 404 });
    const known = spaRoutes.test(path);
    return adminPage(admin, {
      status: known ? 200 : 404,
      routePreload: known ? routePreloadFor(path) : [],
      captchaProvider,
      filesOrigin: originOf(messengerUrl()),
    });
  };
}

/**
 * The platform API's answers: its routes (loaded when first asked for), HEAD answered as GET, and CORS
 * for the messenger origin where the path allows it.
 */
function platformApiOf(platformRoutes: MainOriginDeps["platformRoutes"], messengerUrl: () => string) {
  const platformRouter = lazyRouter(platformRoutes);

  async function routePlatform(request: Request, path: string): Promise<Response> {
    // HEAD is answered as GET; Bun leaves the body out.
    const found = (await platformRouter())(request.method === "HEAD" ? "GET" : request.method, path);
    if (found.kind === "none") return jsonError(404, `No API endpoint at ${path}`);
    if (found.kind === "wrong-method") {
      return jsonError(405, `${request.method} is not allowed on ${path}`, undefined, {
        headers: { Allow: found.allowed.join(", ") },
      });
    }
    return found.handler(request, found.params);
  }

  return async (request: Request, path: string): Promise<Response> => {
    const corsOrigin = allowedPlatformOrigin(request, path, originOf(messengerUrl()));
    if (corsOrigin && request.method === "OPTIONS") return platformPreflight(corsOrigin);
    const response = await routePlatform(request, path);
    return corsOrigin ? withPlatformCors(response, corsOrigin) : response;
  };
}

async function upgradeStaffSocket(
  authenticateStaff: MainOriginDeps["authenticateStaff"],
  request: Request,
  server: ServerFacade<SocketData>,
): Promise<Response | undefined> {
  const data = await authenticateStaff(request);
  if (data instanceof Response) return data;
  if (server.upgrade(request, { data })) return undefined;
  return jsonError(400, "Expected a websocket upgrade");
}

/** The router of a route table loaded when first asked for. */
function lazyRouter(routes: () => Promise<readonly ApiRoute[]>) {
  let router: Promise<ReturnType<typeof createRouter<ApiRoute["handler"]>>> | null = null;
  return () => {
    router ??= routes().then(createRouter);
    return router;
  };
}

/** The admin SPA's page, with a fresh nonce per answer: it has no validator and is fetched again on each load. */
function adminPage(
  app: BuildManifest["apps"]["admin"],
  {
    status,
    routePreload,
    captchaProvider,
    filesOrigin,
  }: {
    status: number;
    /** The lazy chunks of the screen at this address (http/admin-route-preload.ts). */
    routePreload: readonly string[];
    captchaProvider: CaptchaSettings["provider"];
    filesOrigin: string;
  },
): Response {
  const nonce = createNonce();
  return new Response(
    renderShell({ title: "Morph Admin", lang: "en", app, nonce, headScript: adminThemeScript, routePreload }),
    {
      status,
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
        "Content-Security-Policy": adminPolicy(nonce, captchaProvider, filesOrigin),
        ...adminPageHeaders,
      },
    },
  );
}
