import { beforeAll, expect, test } from "bun:test";
import type { Conversation } from "../../../shared/conversations-api.ts";
import type { AdminProjectSettings, InboxReport } from "../../../shared/inbox-api.ts";
import type { AdminProfile } from "../../../shared/profile-api.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { openStaffSocket } from "../../test-support/staff-socket-client.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

type Admin = { id: string; token: string; name: string };
let ann: Admin;
let ben: Admin;
let cid: Admin;

const t = startedBeforeAll(startMessengerTest);
beforeAll(async () => {
  // The round follows the admins' ids; named here in that order, whatever the ids came out as.
  const admins: Admin[] = [];
  for (const name of ["Ann", "Ben", "Cid"]) admins.push({ ...(await t.api.newAdmin(name)), name });
  admins.sort((a, b) => (a.id < b.id ? -1 : 1));
  [ann, ben, cid] = admins as [Admin, Admin, Admin];
});

const setAvailable = (admin: Admin, available: boolean) =>
  t.api.expectJson<AdminProfile>("PUT", "/api/admin/profile/availability", { available }, 200, admin.token);

async function setAutoAssign(autoAssign: boolean) {
  const settings = await t.adminGet<AdminProjectSettings>("/settings");
  const { name, flowConfig, allowedOrigins, identityVerification } = settings;
  const saved = await t.admin<AdminProjectSettings>(
    "PUT",
    "/settings",
    { name, flowConfig, allowedOrigins, identityVerification, autoAssign },
    200,
  );
  expect(saved.autoAssign).toBe(autoAssign);
}

/** A new conversation from a new visitor: its id and assignee as the admin list shows it. */
async function newConversation(): Promise<{ id: string; assigneeId: string | null }> {
  const visitor = await t.session();
  const started = await t.widgetCreate<Conversation>(visitor, "/conversations", { text: "Hi" });
  const [row] = await t.api
    .sql`SELECT id, assignee_id FROM conversations WHERE share_token = ${started.shareToken}`;
  return { id: String(row?.id), assigneeId: (row?.assignee_id as string | null) ?? null };
}

async function newReport(): Promise<InboxReport["assignee"]> {
  const { id } = await t.report({ formData: { description: "Broken" } }, await t.session());
  const report = await t.api.getJson<InboxReport>(`/api/feedback/${id}`);
  return report.assignee;
}

test("admins mark themselves available; bad input is a 400, a USER a 403, and neither changes anything", async () => {
  expect((await setAvailable(ann, true)).available).toBe(true);
  expect(await auditActions(t.api.sql, ann.id)).toContain("profile.availability");
  for (const body of [{}, { available: "yes" }, { available: null }]) {
    const response = await t.api.call("PUT", "/api/admin/profile/availability", body, ben.token);
    expect(response.status).toBe(400);
  }
  expect(
    (await t.api.call("PUT", "/api/admin/profile/availability", { available: true }, t.api.userToken)).status,
  ).toBe(403);
  const [row] = await t.api.sql`SELECT available FROM users WHERE id = ${ben.id}`;
  expect(Boolean(row?.available)).toBe(false);
});

test("off by default: new conversations stay unassigned", async () => {
  expect((await newConversation()).assigneeId).toBeNull();
});

test("on: new conversations and reports go in turn to the available admins, pushed to staff", async () => {
  await setAvailable(ann, true);
  await setAvailable(cid, true);
  await setAutoAssign(true);
  const staff = await openStaffSocket(t.mainUrl, ben.token);
  try {
    const first = await newConversation();
    expect(first.assigneeId).toBe(ann.id);
    const push = await staff.push("conversation-assigned", (p) => p.data.conversationId === first.id);
    expect(push.data).toEqual({
      conversationId: first.id,
      projectId: t.projectId,
      assignee: { id: ann.id, name: ann.name },
    });
    // Ben is not available: skipped. Reports share the turn with conversations.
    expect(await newReport()).toEqual({ id: cid.id, name: cid.name });
    expect((await newConversation()).assigneeId).toBe(ann.id);

    await setAvailable(ben, true);
    expect((await newConversation()).assigneeId).toBe(ben.id);
    expect((await newReport())?.id).toBe(cid.id);
    expect((await newConversation()).assigneeId).toBe(ann.id);

    // Disabled or no longer available admins drop out of the round; with nobody left, nobody.
    await t.api.sql`UPDATE users SET enabled = ${false} WHERE id = ${ben.id}`;
    expect((await newConversation()).assigneeId).toBe(cid.id);
    await setAvailable(ann, false);
    await setAvailable(cid, false);
    expect((await newConversation()).assigneeId).toBeNull();
    expect(await newReport()).toBeNull();
  } finally {
    staff.close();
    await t.api.sql`UPDATE users SET enabled = ${true} WHERE id = ${ben.id}`;
  }
});

test("many at once still share the work evenly", async () => {
  await setAvailable(ann, true);
  await setAvailable(ben, true);
  await setAvailable(cid, true);
  await setAutoAssign(true);
  const assigned = await Promise.all(Array.from({ length: 9 }, () => newConversation()));
  const counts = new Map<string | null, number>();
  for (const { assigneeId } of assigned) counts.set(assigneeId, (counts.get(assigneeId) ?? 0) + 1);
  expect(Object.fromEntries(counts)).toEqual({ [ann.id]: 3, [ben.id]: 3, [cid.id]: 3 });
  await setAutoAssign(false);
  expect((await newConversation()).assigneeId).toBeNull();
});
