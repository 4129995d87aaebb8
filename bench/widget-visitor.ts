/**
 * A visitor of the demo project as its widget makes one: a session, a first ping with a page view,
 * and the address of the widget's socket.
 */
export interface WidgetVisitor {
  gleapId: string;
  gleapHash: string;
  /** What the widget sends with every call (JSON bodies). */
  headers: Record<string, string>;
}

/** A ping body as the SDK sends it: one page view of `page`. */
export const pageViewPing = (page: string, date = new Date().toISOString()) =>
  JSON.stringify({
    time: 30,
    type: "js",
    sdkVersion: "14.6.7",
    ws: true,
    events: [{ name: "pageView", date, data: { page } }],
  });

/**
 * A session started on `base`, then a ping on `page` (so content filtered by page matches it).
 * `extraHeaders` go with every call of the visitor (X-Forwarded-For: an address of its own).
 */
export async function startVisitor(
  base: string,
  page: string,
  extraHeaders: Record<string, string> = {},
): Promise<WidgetVisitor> {
  const started = await fetch(`${base}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo", "Content-Type": "application/json", ...extraHeaders },
    body: '{"lang":"en"}',
  });
  if (!started.ok) throw new Error(`session start answered ${started.status}`);
  const { gleapId, gleapHash } = (await started.json()) as { gleapId: string; gleapHash: string };
  const headers = {
    "Api-Token": "demo",
    "Gleap-Id": gleapId,
    "Gleap-Hash": gleapHash,
    "Content-Type": "application/json",
    ...extraHeaders,
  };
  const pinged = await fetch(`${base}/api/widget/sessions/ping`, {
    method: "POST",
    headers,
    body: pageViewPing(page),
  });
  if (!pinged.ok) throw new Error(`ping answered ${pinged.status}`);
  await pinged.arrayBuffer();
  return { gleapId, gleapHash, headers };
}

/** The widget socket's address for `visitor`, as the SDK opens it. */
export function visitorSocketUrl(base: string, visitor: WidgetVisitor): string {
  const query = new URLSearchParams({
    gleapId: visitor.gleapId,
    gleapHash: visitor.gleapHash,
    apiKey: "demo",
    sdkVersion: "14.6.7",
  });
  return `${base.replace(/^http/, "ws")}/api/widget/ws?${query}`;
}
