import { demo } from "../src/server/demo-seed.ts";

/** The demo admin signed in on a bench's server: its token and a way to call the admin API as it. */
export interface DemoAdmin {
  token: string;
  /** A JSON request with the admin's token; throws with the answer's text on anything but 2xx. */
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** The id of the demo project (SDK key `demo`). */
  demoProjectId(): Promise<string>;
}

export async function signInDemoAdmin(base: string): Promise<DemoAdmin> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: demo.adminEmail, password: demo.adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    token,
    request,
    async demoProjectId() {
      const projects = await request<{ items: Array<{ id: string; sdkKey: string }> }>(
        "GET",
        "/api/projects?sort=name&pageSize=100",
      );
      const id = projects.items.find((project) => project.sdkKey === "demo")?.id;
      if (!id) throw new Error("the demo project is missing");
      return id;
    },
  };
}
