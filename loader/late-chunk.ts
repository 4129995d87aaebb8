/**
 * The loader's late file: what the SDK needs only once a visitor's session is there, fetched as the
 * SDK starts (beside the session's first request), so the eager `loader.js` stays small
 * (bench/size.ts): the surfaces' facade and shadow root, the page hooks (the checklist element,
 * `gleap:` links and shortcuts, the address's actions, admin mode, the tooltip watch), the handling
 * of socket pushes, the session's writes (identify, partial updates) and cookie, and the host API methods that only feed
 * reports.
 * Every surface, page hook and push waits for it. Built like the loader, one file without shared
 * chunks (build.ts), so it arrives in one request.
 */
export { writeSessionCookie } from "./cookies.ts";
export { startSurfaceFrame } from "./messenger-frame-start.ts";
export { attachPage } from "./page-attach.ts";
export { dispatchRealtime } from "./realtime-dispatch.ts";
export { createReportMethods } from "./report-methods.ts";
export { identifySession, updateSession } from "./session-writes.ts";
export { createWidgetHost } from "./widget-host.ts";
export { createWidgetRoot } from "./widget-root.ts";
