import { beforeAll, expect, test } from "bun:test";
import type { Conversation, ConversationMessage } from "../../../shared/conversations-api.ts";
import type { AdminProfile } from "../../../shared/profile-api.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

let kim: { id: string; token: string };

const t = startedBeforeAll(startMessengerTest);
beforeAll(async () => {
  kim = await t.api.newAdmin("Kim");
});

const profile = () => t.api.getJson<AdminProfile>("/api/admin/profile", kim.token);
const put = (body: unknown) => t.api.call("PUT", "/api/admin/profile", body, kim.token);

test("an admin's display name and picture are what their replies carry", async () => {
  expect(await profile()).toEqual({
    name: "Kim",
    email: "kim@example.com",
    displayName: null,
    avatarUrl: null,
    available: false,
    unassignedUnreadMail: false,
  });
  const visitor = await t.session();
  const { conversation: started, id: conversationId } = await t.startConversation(visitor, {
    text: "Hi there",
  });
  const reply = (text: string) =>
    t.api.expectJson<ConversationMessage>(
      "POST",
      `/api/projects/${t.projectId}/conversations/${conversationId}/messages`,
      { text },
      201,
      kim.token,
    );
  // Before: the nickname and no picture.
  expect(await reply("First")).toMatchObject({ name: "Kim", avatarUrl: null });

  const saved = await put({ displayName: "  Kim from Support ", avatarUrl: "https://files.example/kim.png" });
  expect(saved.status).toBe(200);
  expect(await saved.json()).toMatchObject({
    displayName: "Kim from Support",
    avatarUrl: "https://files.example/kim.png",
  });
  expect(await reply("Second")).toMatchObject({
    name: "Kim from Support",
    avatarUrl: "https://files.example/kim.png",
  });
  // The visitor's messenger reads the same.
  const seen = await t.widgetGet<Conversation>(visitor, `/conversations/${started.shareToken}`);
  expect(seen.messages.at(-1)).toMatchObject({
    name: "Kim from Support",
    avatarUrl: "https://files.example/kim.png",
  });
  expect(await auditActions(t.api.sql, kim.id)).toContain("profile.update");

  // Cleared: back to the nickname.
  expect((await put({ displayName: null, avatarUrl: null })).status).toBe(200);
  expect(await reply("Third")).toMatchObject({ name: "Kim", avatarUrl: null });
});

test("a picture that is not an http(s) address, a name too long or a missing field is a 400 that changes nothing", async () => {
  const before = await profile();
  const audits = (await auditActions(t.api.sql, kim.id)).length;
  for (const body of [
    { displayName: "Kim", avatarUrl: "javascript:alert(1)" },
    { displayName: "Kim", avatarUrl: "data:text/html,<script>" },
    { displayName: "x".repeat(65), avatarUrl: null },
    { displayName: "Kim" },
    { displayName: "Kim", avatarUrl: null, role: "ADMIN" },
  ]) {
    const response = await put(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBeString();
  }
  expect(await profile()).toEqual(before);
  expect(await auditActions(t.api.sql, kim.id)).toHaveLength(audits);
});

test("the unread alert for unassigned conversations is off until the admin asks for it, audited", async () => {
  expect((await profile()).unassignedUnreadMail).toBe(false);
  const set = (body: unknown) => t.api.call("PUT", "/api/admin/profile/unread-mail", body, kim.token);
  const on = await set({ unassigned: true });
  expect(on.status).toBe(200);
  expect(((await on.json()) as AdminProfile).unassignedUnreadMail).toBe(true);
  expect((await profile()).unassignedUnreadMail).toBe(true);
  expect(await auditActions(t.api.sql, kim.id)).toContain("profile.unreadMail");
  for (const body of [{}, { unassigned: "yes" }, { unassigned: true, extra: 1 }, null])
    expect((await set(body)).status).toBe(400);
  expect((await profile()).unassignedUnreadMail).toBe(true);
  expect((await set({ unassigned: false })).status).toBe(200);
  expect((await profile()).unassignedUnreadMail).toBe(false);
  expect((await t.api.call("PUT", "/api/admin/profile/unread-mail", { unassigned: true }, null)).status).toBe(
    401,
  );
  expect(
    (await t.api.call("PUT", "/api/admin/profile/unread-mail", { unassigned: true }, t.api.userToken)).status,
  ).toBe(403);
});

test("admins only", async () => {
  expect((await t.api.call("GET", "/api/admin/profile", undefined, null)).status).toBe(401);
  expect(
    (await t.api.call("PUT", "/api/admin/profile", { displayName: null, avatarUrl: null }, null)).status,
  ).toBe(401);
});
