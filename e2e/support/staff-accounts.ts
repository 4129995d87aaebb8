import { type APIRequestContext, expect } from "@playwright/test";
import { adminHeaders } from "./admin-api.ts";
import { selectRows } from "./database.ts";

/**
 * A second staff member as a colleague becomes one: registered, e-mail verified with the code from
 * the outbox, promoted to ADMIN by the demo admin. Answers how to sign them in.
 */
export async function createStaffMember(request: APIRequestContext, nickname: string) {
  const email = `${nickname}@example.com`;
  const password = `${nickname}-password`;
  const registered = await request.post("/api/auth/register", { data: { name: nickname, email, password } });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  const [mail] = await selectRows<{ body: string }>(
    "SELECT body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC",
    email,
  );
  const code = /code is (\d{6})/.exec(mail?.body ?? "")?.[1] ?? "";
  expect((await request.post("/api/auth/verify-email", { data: { email, code } })).ok()).toBe(true);
  const promoted = await request.patch(`/api/users/${id}`, {
    headers: await adminHeaders(request),
    data: { role: "ADMIN" },
  });
  expect(promoted.ok()).toBe(true);
  return { id, email, password };
}
