import type { APIRequestContext } from "@playwright/test";

/** Signs in as the demo admin through the real platform API and answers the bearer header. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post("/api/auth/login", {
    data: { login: "admin@example.com", password: "admin" },
  });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { Authorization: `Bearer ${access_token}` };
}
