import { type APIRequestContext, expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { demoProjectId, selectRows } from "./support/database.ts";
import { openDemo } from "./support/host-page.ts";
import { frame, gleap, sendFromComposer } from "./support/messenger-frame.ts";
import { signInAsAdmin, signInThroughApi } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { createStaffMember } from "./support/staff-accounts.ts";
import { openWithStaffSocket } from "./support/staff-socket.ts";

/**
 * Told when it's theirs, with two staff in browsers of their own and a visitor on /demo: A assigns the
 * visitor's conversation to B by B's display name; B, working on Users, gets a toast and sees the
 * count on the top bar's bell go up, finds it under the bell and opens it (the count goes back); `n`
 * opens the notes with the focus in their box; at 390 px the bar with its count still fits. A's conversation shows the assignment among the messages, and the visitor's
 * messenger says who answers, with B's display name.
 */

const run = Date.now().toString(36);

/** A second staff member (staff-accounts.ts) with a display name. */
async function createStaff(request: APIRequestContext, nickname: string, displayName: string) {
  const { id, email, password } = await createStaffMember(request, nickname);
  const login = await request.post("/api/auth/login", { data: { login: email, password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const profile = await request.put("/api/admin/profile", {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { displayName, avatarUrl: null },
  });
  expect(profile.ok()).toBe(true);
  return { id, email, password };
}

/** The bell's count of new assignments (0 when it shows none), read in one go as the nav counts are. */
async function mineCount(page: import("@playwright/test").Page): Promise<number> {
  const [text] = await page.getByTestId("mine-count").allTextContents();
  return text === undefined ? 0 : Number(text.replace("+", ""));
}

test("A assigns a visitor's conversation to B: B is told on another screen, the visitor sees who answers", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const displayName = `Bea Quinn ${run}`;
  const b = await createStaff(page.request, `assign-b-${run}`, displayName);
  const projectId = await demoProjectId();

  // The visitor starts a conversation on the demo page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const staffContext = await browser.newContext();
  const bPage = await staffContext.newPage();
  try {
    await openDemo(visitor);
    await gleap(visitor, "startConversation");
    const subject = `My invoice shows the wrong plan (${run})`;
    await sendFromComposer(visitor, subject);
    await expect(frame(visitor).getByTestId("frame-app")).toHaveAttribute("data-screen", /^conversation\//);
    await expect(frame(visitor).getByTestId("conversation-answerer")).toHaveCount(0);
    let conversationId = "";
    await expect
      .poll(async () => {
        const [row] = await selectRows<{ id: string }>(
          "SELECT id FROM conversations WHERE subject = $1",
          subject,
        );
        conversationId = row?.id ?? "";
        return conversationId;
      })
      .not.toBe("");

    // B works elsewhere, on Users, with the staff socket open.
    await signInThroughApi(bPage, { login: b.email, password: b.password });
    await openWithStaffSocket(bPage, "/dashboard/users", "Users");
    const before = await mineCount(bPage);

    // A opens the conversation and picks B by the name every screen shows.
    await signInAsAdmin(page, "en-US", `/dashboard/conversations/${projectId}/${conversationId}`);
    await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
    const [me] = await selectRows<{ name: string }>(
      "SELECT COALESCE(display_name, name) AS name FROM users WHERE email = $1",
      "admin@example.com",
    );
    await page.locator("select[name=conversationAssignee]").selectOption({ label: displayName });
    await expect(page.getByTestId("assignment-line").last()).toContainText(
      `${me?.name} assigned this to ${displayName}`,
    );

    // B: a toast naming who gave it and what, and the bell counting it.
    const toast = bPage.getByTestId("toast");
    await expect(toast).toContainText(`${me?.name} assigned a conversation to you`);
    await expect(toast).toContainText(subject);
    await expect.poll(() => mineCount(bPage)).toBe(before + 1);
    await bPage.getByTestId("alert-menu").locator("summary").click();
    const item = bPage.getByTestId("mine-item").filter({ hasText: subject });
    await expect(item).toContainText(`from ${me?.name}`);

    // The visitor's messenger says who answers, live.
    const answerer = frame(visitor).getByTestId("conversation-answerer");
    await expect(answerer).toContainText("Answering you");
    await expect(answerer).toContainText(displayName);

    // B opens it from under the bell: seen, the count goes back; `n` is the way to the notes.
    await item.click();
    await expect(bPage.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
    await expect.poll(() => mineCount(bPage)).toBe(before);
    const notes = bPage.getByTestId("staff-notes");
    await expect(notes).not.toHaveAttribute("open", "");
    await bPage.getByRole("heading", { name: subject, level: 2 }).click();
    await bPage.keyboard.press("n");
    await expect(notes).toHaveAttribute("open", "");
    await expect(notes.getByTestId("note-text")).toBeFocused();
    await expect(bPage.getByTestId("assignment-line").last()).toContainText(
      `assigned this to ${displayName}`,
    );

    // On a phone the bar keeps its width with a count on the bell: another conversation for B.
    const session = await page.request.post("/api/widget/sessions", {
      headers: { "Api-Token": "demo" },
      data: {},
    });
    const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
    const second = await page.request.post("/api/widget/conversations", {
      headers: { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
      data: { text: `Second question (${run})` },
    });
    const { shareToken } = (await second.json()) as { shareToken: string };
    const [secondRow] = await selectRows<{ id: string }>(
      "SELECT id FROM conversations WHERE share_token = $1",
      shareToken,
    );
    const assigned = await page.request.post(
      `/api/projects/${projectId}/conversations/${secondRow?.id}/assign`,
      {
        headers: await adminHeaders(page.request),
        data: { assigneeId: b.id },
      },
    );
    expect(assigned.ok()).toBe(true);
    await bPage.setViewportSize({ width: 390, height: 844 });
    await bPage.goto("/dashboard/users");
    await expect(bPage.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    await expect.poll(() => mineCount(bPage)).toBe(before + 1);
    const overflow = await bPage.evaluate(() => {
      const root = document.scrollingElement as Element;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await visitorContext.close();
    await staffContext.close();
  }
});
