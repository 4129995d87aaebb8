import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newAdmin } from "../test-support/admin-api-client.ts";
import { logIn } from "../test-support/api-calls.ts";
import { openStaffSocket, type StaffSocketClient } from "../test-support/staff-socket-client.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { fixtureTimeoutMs } from "../test-support/test-timeouts.ts";

const call = (server: TestServer, method: string, path: string, token: string, body?: unknown) =>
  fetch(`${server.mainUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Sends a report through the widget API with the demo project's key; answers its id. */
async function report(server: TestServer, description: string): Promise<string> {
  const response = await fetch(`${server.mainUrl}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Api-Token": "demo" },
    body: JSON.stringify({ formData: { description } }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The close code of the socket, once it closes within `timeoutMs`. */
function closed(staff: StaffSocketClient, timeoutMs = 3000): Promise<number> {
  if (staff.socket.readyState === WebSocket.CLOSED) return Promise.reject(new Error("closed before"));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The staff socket stayed open ${timeoutMs} ms`)),
      timeoutMs,
    );
    staff.socket.addEventListener(
      "close",
      (event) => {
        clearTimeout(timer);
        resolve(event.code);
      },
      { once: true },
    );
  });
}

/** A new admin with an admin screen open: their socket, and the close code it is to end with. */
async function signedInAdmin(server: TestServer, name: string) {
  const admin = await newAdmin(server, name);
  const staff = await openStaffSocket(server.mainUrl, admin.token);
  return { admin, staff, closing: closed(staff) };
}

/**
 * The socket closed with 4001 and hears nothing more: a report sent afterwards reaches a healthy admin's
 * socket (so it was pushed) but never this one.
 */
async function expectCutOff(
  server: TestServer,
  revoked: { staff: StaffSocketClient; closing: Promise<number> },
  healthy: StaffSocketClient,
) {
  expect(await revoked.closing).toBe(4001);
  const id = await report(server, "After the access ended");
  await healthy.push("report-created", (push) => push.data.id === id);
  await Bun.sleep(100);
  expect(revoked.staff.frames.some((frame) => frame.includes(id))).toBe(false);
}

describe("a staff socket closes when the server ends its admin's access", () => {
  let server: TestServer;
  let seededToken = "";
  let healthy: StaffSocketClient;

  beforeAll(async () => {
    // An hour between re-checks: only the server's own signal can close the sockets within the test.
    server = await startTestServer({}, { staffRecheckMs: 3_600_000 });
    seededToken = await logIn(server.mainUrl, "admin", "admin");
    healthy = await openStaffSocket(server.mainUrl, seededToken);
  }, fixtureTimeoutMs);
  afterAll(async () => {
    healthy.close();
    await server.dispose();
  });

  test("on sign-out", async () => {
    const { admin, ...socket } = await signedInAdmin(server, "Ada");
    expect((await call(server, "POST", "/api/auth/logout", admin.token)).status).toBe(204);
    expect((await call(server, "GET", "/api/auth/me", admin.token)).status).toBe(401);
    await expectCutOff(server, socket, healthy);
    // Reconnecting with the same token is refused before the upgrade.
    expect((await fetch(`${server.mainUrl}/api/admin/ws?token=${admin.token}`)).status).toBe(401);
  });

  test("when the admin is disabled", async () => {
    const { admin, ...socket } = await signedInAdmin(server, "Grace");
    expect((await call(server, "POST", `/api/users/${admin.id}/ban`, seededToken)).status).toBe(200);
    await expectCutOff(server, socket, healthy);
  });

  test("when the admin is demoted to USER", async () => {
    const { admin, ...socket } = await signedInAdmin(server, "Linus");
    const demoted = await call(server, "PATCH", `/api/users/${admin.id}`, seededToken, { role: "USER" });
    expect(demoted.status).toBe(200);
    await expectCutOff(server, socket, healthy);
    // The sign-in itself still stands, but the upgrade refuses a USER.
    expect((await fetch(`${server.mainUrl}/api/admin/ws?token=${admin.token}`)).status).toBe(403);
  });

  test("an edit that changes neither sign-in nor role leaves the socket open", async () => {
    const admin = await newAdmin(server, "Edsger");
    const staff = await openStaffSocket(server.mainUrl, admin.token);
    try {
      const renamed = await call(server, "PATCH", `/api/users/${admin.id}`, seededToken, {
        name: "Dijkstra",
      });
      expect(renamed.status).toBe(200);
      const id = await report(server, "Still listening");
      await staff.push("report-created", (push) => push.data.id === id);
      expect(staff.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      staff.close();
    }
  });
});

describe("the periodic re-check of staff sockets", () => {
  let server: TestServer;
  let seededToken = "";
  // Short ticks, so a few of them pass in a wait a test can afford.
  const recheckMs = 25;

  startBeforeAll(
    () => startTestServer({}, { staffRecheckMs: recheckMs }),
    async (started) => {
      server = started;
      seededToken = await logIn(server.mainUrl, "admin", "admin");
    },
  );

  test("keeps a healthy admin's socket open across ticks", async () => {
    const staff = await openStaffSocket(server.mainUrl, seededToken);
    try {
      await Bun.sleep(4 * recheckMs);
      expect(staff.socket.readyState).toBe(WebSocket.OPEN);
      staff.socket.send("PING");
      await staff.frame("PONG");
      const id = await report(server, "Across ticks");
      await staff.push("report-created", (push) => push.data.id === id);
    } finally {
      staff.close();
    }
  });

  test("closes sockets whose sign-in, account or role changed without a signal", async () => {
    const revoked = await newAdmin(server, "Ada");
    const disabled = await newAdmin(server, "Grace");
    const demoted = await newAdmin(server, "Linus");
    const sockets = await Promise.all(
      [revoked, disabled, demoted].map((admin) => openStaffSocket(server.mainUrl, admin.token)),
    );
    const closing = sockets.map((staff) => closed(staff));
    const { sql } = server.db;
    await sql`UPDATE auth_sessions SET revoked_at = ${new Date().toISOString()} WHERE user_id = ${revoked.id}`;
    await sql`UPDATE users SET enabled = ${false} WHERE id = ${disabled.id}`;
    await sql`UPDATE users SET role = ${"USER"} WHERE id = ${demoted.id}`;
    expect(await Promise.all(closing)).toEqual([4001, 4001, 4001]);
  });
});
