import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";
import type { StaffNote } from "../../../shared/staff-notes-api.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { openStaffSocket, type StaffSocketClient } from "../../test-support/staff-socket-client.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

let other: { id: string; token: string };
let staff: StaffSocketClient;

const t = startedBeforeAll(startMessengerTest);
beforeAll(async () => {
  other = await t.api.newAdmin("Noted");
  staff = await openStaffSocket(t.mainUrl, other.token);
});
afterAll(() => staff.close());

const alerts = (token?: string) => t.api.getJson<AdminAlerts>("/api/admin/alerts", token);

const report = async (description: string) => (await t.report({ formData: { description } })).id;

const noteCount = async () => Number((await t.api.sql`SELECT count(*) AS n FROM staff_notes`)[0]?.n);

describe("notes on a report", () => {
  test("written, listed, mentioning an admin, who is alerted until they open the report", async () => {
    const id = await report("Checkout button does nothing");
    // The other admin has opened the report already: only the mention can count it again.
    await t.api.getJson(`/api/feedback/${id}`, other.token);
    const before = await alerts(other.token);

    const note = await t.api.create<StaffNote>(`/api/feedback/${id}/notes`, {
      text: "  Reproduced on Safari, @noted can you look? (ops@noted.dev is not a mention)  ",
    });
    expect(note.text).toBe("Reproduced on Safari, @noted can you look? (ops@noted.dev is not a mention)");
    expect(note.target).toEqual({ kind: "report", id, projectId: t.projectId });
    expect(note.author.id).toBe(t.api.adminId);
    expect(note.mentions.map((mention) => mention.id)).toEqual([other.id]);

    const push = await staff.push("staff-note", (p) => p.data.note.id === note.id);
    expect(push.data.action).toBe("added");
    expect(push.data.alerted).toEqual([other.id]);

    expect((await alerts(other.token)).reports).toBe(before.reports + 1);
    // Reading the notes is opening the report: the mention stops counting, for that admin only.
    const listed = await t.api.getJson<StaffNote[]>(`/api/feedback/${id}/notes`, other.token);
    expect(listed.map((entry) => entry.id)).toEqual([note.id]);
    expect((await alerts(other.token)).reports).toBe(before.reports);

    const [audit] = await t.api.sql`SELECT actor_id FROM audit_log WHERE action = ${"note.create"}
      AND entity_id = ${note.id}`;
    expect(audit?.actor_id).toBe(t.api.adminId);
  });

  test("a mention on a done report counts too; mentioning oneself alerts nobody", async () => {
    const id = await report("Typo on the pricing page");
    await t.api.expectJson("PATCH", `/api/feedback/${id}`, { status: "DONE" }, 200);
    const before = await alerts(other.token);
    const mine = await alerts();
    await t.api.create(`/api/feedback/${id}/notes`, { text: "@NOTED fixed. @admin remember" });
    expect((await alerts(other.token)).reports).toBe(before.reports + 1);
    expect((await alerts()).reports).toBe(mine.reports + 1);
    const push = await staff.push("staff-note", (p) => p.data.note.target.id === id);
    expect(push.data.alerted).toEqual([other.id]);
  });

  test("only the author edits or deletes; an edit alerts the newly mentioned only", async () => {
    const id = await report("Slow search");
    const note = await t.api.create<StaffNote>(`/api/feedback/${id}/notes`, { text: "First" });
    await t.api.expectJson("PATCH", `/api/notes/${note.id}`, { text: "Mine now" }, 403, other.token);
    await t.api.expectJson("DELETE", `/api/notes/${note.id}`, undefined, 403, other.token);

    const edited = await t.api.expectJson<StaffNote>(
      "PATCH",
      `/api/notes/${note.id}`,
      { text: "Second, @Noted" },
      200,
    );
    expect(edited.text).toBe("Second, @Noted");
    expect(edited.updatedAt).not.toBeNull();
    expect(edited.mentions.map((mention) => mention.nickname)).toEqual(["Noted"]);
    const push = await staff.push(
      "staff-note",
      (p) => p.data.action === "edited" && p.data.note.id === note.id,
    );
    expect(push.data.alerted).toEqual([other.id]);

    const response = await t.api.call("DELETE", `/api/notes/${note.id}`);
    expect(response.status).toBe(204);
    await staff.push("staff-note", (p) => p.data.action === "deleted" && p.data.note.id === note.id);
    expect(await t.api.getJson<StaffNote[]>(`/api/feedback/${id}/notes`)).toEqual([]);
    await t.api.expectJson("DELETE", `/api/notes/${note.id}`, undefined, 404);
  });

  test("bad input: 4xx with the reason, nothing written", async () => {
    const id = await report("Bad notes");
    const before = await noteCount();
    for (const body of [{}, { text: "" }, { text: "   \n " }, { text: 5 }, { text: "x".repeat(5001) }]) {
      const response = await t.api.call("POST", `/api/feedback/${id}/notes`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error?: string }).error).toBeTruthy();
    }
    const missing = await t.api.call("POST", "/api/feedback/no-such-report/notes", { text: "Hi" });
    expect(missing.status).toBe(404);
    const noConversation = await t.api.call(
      "POST",
      `/api/projects/${t.projectId}/conversations/no-such-one/notes`,
      { text: "Hi" },
    );
    expect(noConversation.status).toBe(404);
    await t.api.expectJson("PATCH", "/api/notes/no-such-note", { text: "Hi" }, 404);
    expect(await noteCount()).toBe(before);
  });

  test("admins only", async () => {
    const id = await report("Private");
    expect((await t.api.call("GET", `/api/feedback/${id}/notes`, undefined, null)).status).toBe(401);
    const user = await t.api.call("POST", `/api/feedback/${id}/notes`, { text: "Hi" }, t.api.userToken);
    expect(user.status).toBe(403);
  });
});

describe("notes on a conversation", () => {
  test("reach staff, never the visitor: not in any messenger answer, not on the visitor's socket", async () => {
    const visitor = await t.session();
    const { conversation: started, id } = await t.startConversation(visitor, {
      text: "My order never arrived",
    });

    const socket = new WebSocket(
      `${t.mainUrl.replace(/^http/, "ws")}/api/widget/ws?gleapId=${visitor.gleapId}&gleapHash=${visitor.gleapHash}&apiKey=demo&sdkVersion=14.6.7`,
    );
    const frames: string[] = [];
    socket.addEventListener("message", (event) => frames.push(String(event.data)));
    await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));

    const secret = "Internal: refund approved by finance";
    const note = await t.create<StaffNote>(`/conversations/${id}/notes`, { text: `${secret} @noted` });
    expect(note.target).toEqual({ kind: "conversation", id, projectId: t.projectId });
    await staff.push("staff-note", (p) => p.data.note.id === note.id);
    // A staff reply after the note: the visitor's socket hears it, so anything the note sent would be there.
    await t.create(`/conversations/${id}/messages`, { text: "We are on it" });
    const deadline = Date.now() + 5000;
    while (!frames.some((frame) => frame.includes("We are on it")) && Date.now() < deadline)
      await Bun.sleep(25);
    expect(frames.some((frame) => frame.includes("We are on it"))).toBe(true);
    socket.close();

    const visitorAnswers = [
      await t.widget(visitor, "GET", "/conversations"),
      await t.widget(visitor, "GET", `/conversations/${started.shareToken}`),
      await t.widget(visitor, "GET", "/messenger/home"),
    ];
    for (const answer of visitorAnswers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain("refund approved");
    }
    expect(frames.join("\n")).not.toContain("refund approved");
    expect(frames.join("\n")).not.toContain(note.id);

    // The admin's conversation has no notes in it either: they have their own list.
    const adminView = await t.adminGet<Record<string, unknown>>(`/conversations/${id}`);
    expect(JSON.stringify(adminView)).not.toContain("refund approved");
    const notes = await t.adminGet<StaffNote[]>(`/conversations/${id}/notes`);
    expect(notes.map((entry) => entry.text)).toEqual([`${secret} @noted`]);
  });

  test("a mention counts the conversation for the mentioned admin until they open its notes", async () => {
    const visitor = await t.session();
    const { id } = await t.startConversation(visitor, { text: "Hi" });
    await t.admin("POST", `/conversations/${id}/read`, undefined, 200);
    const before = await alerts(other.token);
    await t.create(`/conversations/${id}/notes`, { text: "@Noted please take this one" });
    expect((await alerts(other.token)).conversations).toBe(before.conversations + 1);
    await t.api.getJson(`/api/projects/${t.projectId}/conversations/${id}/notes`, other.token);
    expect((await alerts(other.token)).conversations).toBe(before.conversations);
  });
});
