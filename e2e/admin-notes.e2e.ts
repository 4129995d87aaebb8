import { expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { demoProjectId, selectRows } from "./support/database.ts";
import { countsRead, navCount } from "./support/nav-counts.ts";
import { signInAsAdmin, signInThroughApi } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { createStaffMember } from "./support/staff-accounts.ts";
import { openWithStaffSocket } from "./support/staff-socket.ts";

/**
 * Internal notes and mentions with two admins in browsers of their own: A writes a
 * note on a conversation and mentions B through the @ list; B, on Users, gets a toast with a link and a
 * count, opens it and finds the note, marked internal. The visitor's messenger answers never carry it.
 */

const run = Date.now().toString(36);

test("a note mentioning B reaches B on another screen, never the visitor", async ({
  page,
  browser,
  request,
}) => {
  const nickname = `notes-b-${run}`;
  const b = await createStaffMember(request, nickname);
  const projectId = await demoProjectId();

  // A visitor writes, as the messenger does.
  const session = await request.post("/api/widget/sessions", { headers: { "Api-Token": "demo" }, data: {} });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const visitor = { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };
  const subject = `Refund please (${run})`;
  const started = await request.post("/api/widget/conversations", {
    headers: visitor,
    data: { text: subject },
  });
  expect(started.status()).toBe(201);
  const { shareToken } = (await started.json()) as { shareToken: string };
  const [conversation] = await selectRows<{ id: string }>(
    "SELECT id FROM conversations WHERE share_token = $1",
    shareToken,
  );

  // Read by the team already: only the mention can count it for B.
  const read = await request.post(`/api/projects/${projectId}/conversations/${conversation?.id}/read`, {
    headers: await adminHeaders(request),
  });
  expect(read.ok()).toBe(true);

  // B works elsewhere, on Users.
  const other = await browser.newContext();
  const bPage = await other.newPage();
  try {
    await signInThroughApi(bPage, { login: b.email, password: b.password });
    await openWithStaffSocket(bPage, "/dashboard/users", "Users");
    await countsRead(bPage);
    const countBefore = await navCount(bPage, "conversations");

    // A opens the conversation and writes a note, taking B's name from the @ list.
    await signInAsAdmin(page, "en-US", `/dashboard/conversations/${projectId}/${conversation?.id}`);
    await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
    const notes = page.getByTestId("staff-notes");
    // No notes yet: the pane under the conversation is folded until asked for.
    await notes.getByText("Internal notes").click();
    await expect(notes).toContainText("No notes yet.");
    const box = notes.getByTestId("note-text");
    await box.fill("Finance approved the refund, ");
    await box.pressSequentially(`@notes-b-${run.slice(0, 2)}`);
    await expect(notes.getByTestId("mention-option")).toHaveText([`@${nickname}`]);
    await box.press("Enter");
    await box.pressSequentially("can you reply?");
    await expect(box).toHaveValue(`Finance approved the refund, @${nickname} can you reply?`);
    await notes.getByTestId("note-submit").click();
    const written = notes.getByTestId("staff-note");
    await expect(written).toContainText("Internal note");
    await expect(written.locator(".note-mention")).toHaveText(`@${nickname}`);
    await expect(box).toHaveValue("");

    // B: a toast with a link, and the conversation counted until B opens it.
    const toast = bPage.getByTestId("toast");
    await expect(toast).toContainText("mentioned you in a note");
    await expect(toast).toContainText("Finance approved the refund");
    await expect.poll(() => navCount(bPage, "conversations")).toBe(countBefore + 1);
    await toast.getByRole("link", { name: "Open" }).click();
    const bNote = bPage.getByTestId("staff-note");
    await expect(bNote).toContainText("Internal note");
    await expect(bNote).toContainText(`Finance approved the refund, @${nickname} can you reply?`);
    await expect.poll(() => navCount(bPage, "conversations")).toBe(countBefore);

    // A's later note reaches B's open page live.
    await notes.getByTestId("note-text").fill(`Second note (${run})`);
    await notes.getByTestId("note-submit").click();
    await expect(bPage.getByTestId("staff-note")).toHaveCount(2);
  } finally {
    await other.close();
  }

  // The visitor's messenger reads its conversations from these: no note in any of them.
  for (const path of ["/api/widget/conversations", `/api/widget/conversations/${shareToken}`]) {
    const answer = await request.get(path, { headers: visitor });
    expect(answer.ok()).toBe(true);
    const text = await answer.text();
    expect(text).toContain(subject);
    expect(text).not.toContain("Finance approved");
    expect(text).not.toContain("Second note");
  }
});
