import { type APIRequestContext, expect } from "@playwright/test";
import type { AdminConversationSummary } from "../../src/shared/conversations-api.ts";
import type { AdminProject } from "../../src/shared/projects-api.ts";
import { demoProjectId } from "./database.ts";

/** Signs in as the demo admin through the real platform API and answers the bearer header. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post("/api/auth/login", {
    data: { login: "admin@example.com", password: "admin" },
  });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
}

/** The demo project (SDK key "demo") as the platform API lists it to the admin. */
export async function demoProjectAsAdmin(
  request: APIRequestContext,
  headers: Record<string, string>,
): Promise<AdminProject> {
  const projects = (await (await request.get("/api/projects?q=demo", { headers })).json()) as {
    items: AdminProject[];
  };
  const demo = projects.items.find((project) => project.sdkKey === "demo");
  if (!demo) throw new Error("the demo project is missing");
  return demo;
}

/** Signs the demo admin in and finds the demo project: the bearer header and the project, for the admin API. */
export async function demoAsAdmin(
  request: APIRequestContext,
): Promise<{ headers: Record<string, string>; demo: AdminProject }> {
  const headers = await adminHeaders(request);
  const demo = await demoProjectAsAdmin(request, headers);
  return { headers, demo };
}

/** Signs the demo admin in and reads the demo project's id from the database: the bearer header and the id. */
export async function demoProjectIdAsAdmin(
  request: APIRequestContext,
): Promise<{ headers: Record<string, string>; projectId: string }> {
  const headers = await adminHeaders(request);
  const projectId = await demoProjectId();
  return { headers, projectId };
}

/** A conversation of the project as its list gives it to the admin, found by the visitor's share token. */
export async function conversationByShareToken(
  request: APIRequestContext,
  headers: Record<string, string>,
  projectId: string,
  shareToken: string,
): Promise<AdminConversationSummary | undefined> {
  const list = (await (
    await request.get(`/api/projects/${projectId}/conversations?pageSize=100`, { headers })
  ).json()) as { items: AdminConversationSummary[] };
  return list.items.find((item) => item.shareToken === shareToken);
}

/**
 * Creates an outbound of the project through the platform API (201) and publishes it (200), as the
 * admin's content screens do; answers it as it was created.
 */
export async function publishedOutbound<T extends { id: string } = { id: string }>(
  request: APIRequestContext,
  headers: Record<string, string>,
  projectId: string,
  data: Record<string, unknown>,
): Promise<T> {
  const outbounds = `/api/projects/${projectId}/outbounds`;
  const created = await request.post(outbounds, { headers, data });
  expect(created.status()).toBe(201);
  const outbound = (await created.json()) as T;
  expect((await request.post(`${outbounds}/${outbound.id}/publish`, { headers })).status()).toBe(200);
  return outbound;
}

/** A stored report as the admin API gives it (`GET /api/feedback/{id}`), typed as the caller reads it. */
export async function reportAsAdmin<T>(request: APIRequestContext, id: string): Promise<T> {
  const detail = await request.get(`/api/feedback/${id}`, { headers: await adminHeaders(request) });
  if (!detail.ok()) throw new Error(`GET /api/feedback/${id}: ${detail.status()}`);
  return (await detail.json()) as T;
}
