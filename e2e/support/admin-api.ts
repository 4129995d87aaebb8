import type { APIRequestContext } from "@playwright/test";
import type { AdminProject } from "../../src/shared/projects-api.ts";

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

/** A stored report as the admin API gives it (`GET /api/feedback/{id}`), typed as the caller reads it. */
export async function reportAsAdmin<T>(request: APIRequestContext, id: string): Promise<T> {
  const detail = await request.get(`/api/feedback/${id}`, { headers: await adminHeaders(request) });
  if (!detail.ok()) throw new Error(`GET /api/feedback/${id}: ${detail.status()}`);
  return (await detail.json()) as T;
}
