import { createHmac } from "node:crypto";
import type { SQL } from "bun";
import type { Conversation } from "../../shared/conversations-api.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "./admin-api-client.ts";
import {
  call,
  demoProjectId,
  sessionHeaders,
  startSession,
  type TestSession,
} from "./outbound-test-support.ts";

/** Helpers for the messenger's integration tests: the real server, the admin API and widget sessions. */
export interface MessengerTest {
  api: AdminApiTestClient;
  mainUrl: string;
  projectId: string;
  /** Calls `/api/projects/{projectId}{path}` as the admin and expects `status`; answers the JSON body. */
  admin<T = Record<string, unknown>>(method: string, path: string, body: unknown, status: number): Promise<T>;
  /** `POST /api/projects/{projectId}{path}` as the admin, expecting a 201: the created record. */
  create<T = Record<string, unknown>>(path: string, body: unknown): Promise<T>;
  /** `GET /api/projects/{projectId}{path}` as the admin, expecting a 200: the JSON body. */
  adminGet<T = Record<string, unknown>>(path: string): Promise<T>;
  /** Calls `/api/widget{path}` as the session. */
  widget(session: TestSession, method: string, path: string, body?: unknown): Promise<Response>;
  /** Calls and expects `status`; answers the JSON body (or null for a 204). */
  widgetJson<T = Record<string, unknown>>(
    session: TestSession,
    method: string,
    path: string,
    body: unknown,
    status: number,
  ): Promise<T>;
  /** `GET /api/widget{path}` as the session, expecting a 200: the JSON body. */
  widgetGet<T = Record<string, unknown>>(session: TestSession, path: string): Promise<T>;
  /** `POST /api/widget{path}` as the session, expecting a 201: the created record. */
  widgetCreate<T = Record<string, unknown>>(session: TestSession, path: string, body: unknown): Promise<T>;
  session(): Promise<TestSession>;
  /** A new session whose visitor has told the widget their email and name. */
  identifiedSession(contact: { email: string; name: string }): Promise<TestSession>;
  /**
   * Files a report through the widget API as `session`, or without one to the project of `sdkKey`;
   * throws unless it is created.
   */
  report(body: Record<string, unknown>, session?: TestSession, sdkKey?: string): Promise<FiledReport>;
  /** Starts a conversation as the visitor (expecting a 201); answers it and its id as staff know it. */
  startConversation(
    session: TestSession,
    body: { text: string; subject?: string },
  ): Promise<{ conversation: Conversation; id: string }>;
  dispose(): Promise<void>;
}

/** A report as its filing answers. */
export interface FiledReport {
  id: string;
  shortId: string;
}

export async function startMessengerTest(): Promise<MessengerTest> {
  const api = await startAdminApiTestClient();
  const mainUrl = api.server.mainUrl;
  const projectId = await demoProjectId(api.sql);
  const widget = (session: TestSession, method: string, path: string, body?: unknown) =>
    call(mainUrl, session, method, path, body);
  async function widgetJson<T>(
    session: TestSession,
    method: string,
    path: string,
    body: unknown,
    status: number,
  ) {
    const response = await widget(session, method, path, body);
    const text = await response.text();
    if (response.status !== status) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === "" ? null : JSON.parse(text)) as T;
  }
  return {
    api,
    mainUrl,
    projectId,
    admin: <T>(method: string, path: string, body: unknown, status: number) =>
      api.expectJson<T>(method, `/api/projects/${projectId}${path}`, body, status),
    create: <T>(path: string, body: unknown) => api.create<T>(`/api/projects/${projectId}${path}`, body),
    adminGet: <T>(path: string) => api.getJson<T>(`/api/projects/${projectId}${path}`),
    widget,
    widgetJson,
    widgetGet: <T>(session: TestSession, path: string) => widgetJson<T>(session, "GET", path, undefined, 200),
    widgetCreate: <T>(session: TestSession, path: string, body: unknown) =>
      widgetJson<T>(session, "POST", path, body, 201),
    session: () => startSession(mainUrl),
    async identifiedSession(contact: { email: string; name: string }) {
      const session = await startSession(mainUrl);
      await widgetJson(session, "POST", "/sessions/partialupdate", { data: contact, type: "js" }, 200);
      return session;
    },
    async report(body: Record<string, unknown>, session?: TestSession, sdkKey = "demo") {
      const headers = session
        ? sessionHeaders(session)
        : { "Content-Type": "application/json", "Api-Token": sdkKey };
      const response = await fetch(`${mainUrl}/api/widget/bugs/v2`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      });
      if (response.status !== 201) throw new Error(`report: ${response.status} ${await response.text()}`);
      return (await response.json()) as FiledReport;
    },
    async startConversation(session: TestSession, body: { text: string; subject?: string }) {
      const conversation = await widgetJson<Conversation>(session, "POST", "/conversations", body, 201);
      const [row] =
        await api.sql`SELECT id FROM conversations WHERE share_token = ${conversation.shareToken}`;
      return { conversation, id: String(row?.id) };
    },
    dispose: () => api.dispose(),
  };
}

/** The identity-verification hash a host would sign `userId` with for the demo project. */
export async function demoUserHash(sql: SQL, userId: string): Promise<string> {
  const [row] = await sql`SELECT secret FROM widget_projects WHERE sdk_key = ${"demo"}`;
  return createHmac("sha256", String((row as { secret: string }).secret))
    .update(userId)
    .digest("hex");
}

/** A live help article body with the HTML the sanitizer must clean. */
export const hostileHtml =
  '<p onclick="alert(1)">Safe <strong>text</strong><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a></p>';
