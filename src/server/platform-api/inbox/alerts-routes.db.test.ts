import { beforeAll, expect, test } from "bun:test";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";
import { bulkChange } from "../../test-support/feedback-bulk-change.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

let other: { id: string; token: string };

const t = startedBeforeAll(startMessengerTest);
beforeAll(async () => {
  other = await t.api.newAdmin("Alerted");
});

const alerts = (token?: string) => t.api.getJson<AdminAlerts>("/api/admin/alerts", token);

const report = async (description: string) => (await t.report({ formData: { description } })).id;

test("reports: unread, open or in progress, and unassigned or the asker's", async () => {
  const before = await alerts();
  const beforeOther = await alerts(other.token);
  const first = await report("Alert one");
  const second = await report("Alert two");
  expect((await alerts()).reports).toBe(before.reports + 2);

  // Opening one reads it for this admin only.
  await t.api.getJson(`/api/feedback/${first}`);
  expect((await alerts()).reports).toBe(before.reports + 1);
  expect((await alerts(other.token)).reports).toBe(beforeOther.reports + 2);

  // Given to the other admin: no longer this one's to see, still the other's.
  await t.api.expectJson("PATCH", `/api/feedback/${second}`, { assigneeId: other.id }, 200);
  expect((await alerts()).reports).toBe(before.reports);
  expect((await alerts(other.token)).reports).toBe(beforeOther.reports + 2);

  // Done is done, read or not.
  await bulkChange(t.api, { ids: [first, second], status: "DONE" });
  expect((await alerts(other.token)).reports).toBe(beforeOther.reports);
});

test("conversations: open ones with a visitor message staff have not read", async () => {
  const before = await alerts();
  const visitor = await t.session();
  const { conversation, id } = await t.startConversation(visitor, { text: "Hello? Anyone there?" });
  expect((await alerts()).conversations).toBe(before.conversations + 1);
  expect((await alerts(other.token)).conversations).toBe(before.conversations + 1);

  // Read by any staff member: read for the team (the conversation's mark is the staff's).
  await t.admin("POST", `/conversations/${id}/read`, undefined, 200);
  expect((await alerts()).conversations).toBe(before.conversations);

  // The visitor writes again, then staff close it: closed conversations wait for nobody.
  await t.widgetCreate(visitor, `/conversations/${conversation.shareToken}/messages`, {
    text: "Still there?",
  });
  expect((await alerts()).conversations).toBe(before.conversations + 1);
  await t.admin("POST", `/conversations/${id}/close`, undefined, 200);
  expect((await alerts()).conversations).toBe(before.conversations);
});

test("admins only", async () => {
  const response = await t.api.call("GET", "/api/admin/alerts", undefined, null);
  expect(response.status).toBe(401);
});
