import { expect } from "bun:test";
import type { TestServer } from "./test-server.ts";

/**
 * Twelve wrong passwords for the demo admin, more than the default limit of five failures, then the
 * right one, which must still sign in: for a server whose login limits are off or never lock it out.
 */
export async function expectDemoAdminNeverLockedOut(server: TestServer): Promise<void> {
  const login = (password: string) =>
    fetch(`${server.mainUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: "admin", password }),
    });
  for (let attempt = 0; attempt < 12; attempt++) expect((await login("wrong")).status).toBe(401);
  expect((await login("admin")).status).toBe(200);
}
