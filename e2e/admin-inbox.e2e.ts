import { expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { recordDemoWebReplaysInThisSpec } from "./support/demo-web-replays.ts";
import { openDemo } from "./support/host-page.ts";
import { gleap } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { signInWithStaffSocket } from "./support/staff-socket.ts";
import { fileBugReport } from "./support/widget-session.ts";

/**
 * The feedback inbox against the real server: a bug report filed through the widget on `/demo` arrives
 * in the open inbox over the staff socket (no reload) and opens with its snapshot and its web replay;
 * a report whose snapshot carries a script and an `onerror` handler changes nothing in the admin.
 */

const run = Date.now().toString(36);

recordDemoWebReplaysInThisSpec();

test("a bug report filed on /demo arrives in the open inbox live, with its snapshot and replay", async ({
  page,
  context,
}) => {
  // The list subscribes to the staff socket on mount; the visitor's steps below take far longer than its open.
  await signInWithStaffSocket(page, "/dashboard/inbox", "Feedback inbox");

  const visitor = await context.newPage();
  await openDemo(visitor);
  await visitor.evaluate(() => console.error("Export failed: 500"));
  await gleap(visitor, "startFeedbackFlow", "bugreporting", true);
  const app = visitor.frameLocator("iframe.frame-window");
  await app.getByRole("button", { name: /Take a screenshot/ }).click();
  await expect(visitor.getByTestId("capture-editor")).toBeVisible();
  await visitor.mouse.move(120, 140);
  await visitor.mouse.down();
  await visitor.mouse.move(300, 220, { steps: 4 });
  await visitor.mouse.move(420, 260, { steps: 4 });
  await visitor.mouse.up();
  await visitor.getByTestId("capture-next").click();
  await expect(app.getByTestId("capture-attached")).toContainText("Screenshot attached");
  const description = `The export button does nothing (${run})`;
  await app.getByLabel(/What went wrong/).fill(description);
  const sent = visitor.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await app.getByRole("button", { name: /^Send/ }).click();
  const { shortId } = (await (await sent).json()) as { shortId: string };

  // No reload: the row comes over the socket, on top, unread and highlighted.
  const row = page.getByTestId("inbox-row").filter({ hasText: description });
  await expect(row).toBeVisible();
  await expect(row).toContainText(shortId);
  await expect(row).toHaveClass(/inbox-unread/);
  await expect(page.getByTestId("inbox-row").first()).toContainText(description);

  await row.getByRole("link", { name: description }).click();
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  // The snapshot shows the page and the visitor's drawing, styled through the CSSOM bridge.
  const snapshot = page.frameLocator("[data-testid=snapshot-frame]");
  await expect(snapshot.locator(".gl-capture-drawings svg")).toBeAttached();
  await expect(snapshot.locator("body")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await expect(page.getByTestId("console-log")).toContainText("Export failed: 500");

  await page.getByRole("button", { name: "Replay", exact: true }).click();
  const player = page.getByTestId("replay-player");
  await expect(player).toHaveAttribute("data-state", "ready");
  await expect(player.frameLocator(".replay-root").locator(".replayer-wrapper iframe")).toBeAttached();
  await expect(page.getByText(/The logs follow the replay/)).toBeVisible();
  await player.getByRole("button", { name: "Play" }).click();
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect(page.getByTestId("replay-clock")).not.toHaveText(/^0:00 \/ 0:00$/);
});

test("a snapshot with a script and an onerror handler runs nothing and fetches nothing in the admin", async ({
  page,
  request,
}) => {
  const marker = `http://marker.test/${run}`;
  const markerRequests: string[] = [];
  await page.route("http://marker.test/**", (route) => {
    markerRequests.push(route.request().url());
    return route.fulfill({ status: 204, body: "" });
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  const session = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": "demo" },
    data: { lang: "en" },
  });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const description = `Hostile snapshot (${run})`;
  const { id } = await fileBugReport(
    request,
    { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
    {
      type: "BUG",
      formData: { description },
      metaData: { currentUrl: "https://acme.test/notes" },
      screenshotData: {
        html: `<!DOCTYPE html><html><head><style>body{background:rgb(250,240,200)}</style>
          <script>window.parent.inboxHacked = "script"; alert("script")</script>
          <link rel="stylesheet" href="${marker}/style.css"></head>
          <body onload="window.parent.inboxHacked = 'onload'">
          <p id="visible">Visible text</p>
          <img src="${marker}/pixel.png" onerror="window.parent.inboxHacked = 'onerror'; alert('onerror')">
          <img src="x" onerror="fetch('${marker}/fetch')">
          <svg><script>window.parent.inboxHacked = "svg"</script></svg>
          <iframe src="${marker}/frame"></iframe>
          </body></html>`,
        baseUrl: "https://acme.test/",
        width: 800,
        height: 600,
        x: 0,
        y: 0,
      },
    },
  );
  // The server stored the hostile markup as it came: the admin is what keeps it inert.
  const stored = await request.get(`/api/feedback/${id}`, { headers: await adminHeaders(request) });
  expect(JSON.stringify(await stored.json())).toContain("onerror");

  await signInAsAdmin(page, "en-US", `/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  const snapshot = page.frameLocator("[data-testid=snapshot-frame]");
  await expect(snapshot.locator("#visible")).toHaveText("Visible text");
  // Its own styles still apply (the CSSOM bridge), so the test would see a broken viewer.
  await expect(snapshot.locator("body")).toHaveCSS("background-color", "rgb(250, 240, 200)");
  // The frame's load event has come (the viewer leaves its busy state on it): the body's onload, the
  // failed pictures' onerror handlers and the frame, sheet and pictures it names all had their turn.
  await expect(page.locator(".snapshot-stage")).toHaveAttribute("aria-busy", "false");
  expect(
    await page.evaluate(() => (window as unknown as { inboxHacked?: string }).inboxHacked),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(markerRequests).toEqual([]);
  await expect(page.locator("[data-testid=snapshot-frame]")).toHaveAttribute("sandbox", "allow-same-origin");
});

test("an assignment made on one admin page shows live on another's list and report page; views and bulk assign", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { id } = await fileBugReport(
    request,
    { "Api-Token": "demo" },
    { type: "BUG", formData: { description: `Assign me (${run})` }, metaData: {} },
  );
  const [me] = await selectRows<{ name: string }>(
    "SELECT COALESCE(display_name, name) AS name FROM users WHERE email = $1",
    "admin@example.com",
  );
  const myName = me?.name ?? "";

  // A watches the list, searched down to this report.
  await signInWithStaffSocket(page, `/dashboard/inbox?q=${encodeURIComponent(`Assign me (${run})`)}`);
  const row = page.getByTestId("inbox-row").filter({ hasText: `Assign me (${run})` });
  await expect(row).toContainText("Nobody");

  // B, in a browser of its own, takes it from the report page.
  const other = await browser.newContext();
  const b = await other.newPage();
  try {
    await signInAsAdmin(b, "en-US", `/dashboard/inbox/${id}`);
    await b.locator("select[name=assigneeId]").selectOption({ label: myName });
    await expect(b.getByText("Report updated")).toBeVisible();

    // A's row follows without a reload.
    await expect(row).toContainText(myName);
    await expect(row).not.toContainText("Nobody");

    // The views: A's own reports show it, the unassigned ones do not.
    await page.locator("select[name=assigneeId]").selectOption({ label: "Assigned to me" });
    await expect(row).toBeVisible();
    await page.locator("select[name=assigneeId]").selectOption({ label: "Unassigned" });
    await expect(row).toHaveCount(0);

    // A opens the report; B gives it back to nobody from the list's bulk bar.
    await page.goto(`/dashboard/inbox/${id}`);
    await expect(page.locator("select[name=assigneeId]")).toHaveValue(/.+/);
    await b.goto(`/dashboard/inbox?q=${encodeURIComponent(`Assign me (${run})`)}`);
    await b.getByRole("checkbox", { name: /^Select FB-/ }).check();
    await b.locator("select[name=bulkAssignee]").selectOption({ label: "Nobody" });
    await b.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(b.getByText("1 report assigned")).toBeVisible();
    await expect(page.locator("select[name=assigneeId]")).toHaveValue("");
  } finally {
    await other.close();
  }
});

test("the widget's own console lines and requests are kept in the report but hidden until asked for", async ({
  page,
  request,
  baseURL,
}) => {
  const description = `Noisy report (${run})`;
  const at = new Date().toISOString();
  const { id } = await fileBugReport(
    request,
    { "Api-Token": "demo" },
    {
      type: "BUG",
      formData: { description },
      consoleLog: [
        { log: "Gleap: the product tour could not be shown", date: at, priority: "WARNING" },
        { log: "Checkout failed: 502", date: at, priority: "ERROR" },
      ],
      networkLogs: [
        {
          type: "POST",
          url: `${baseURL}/api/widget/sessions/ping`,
          date: at,
          duration: 12,
          success: true,
          request: {},
          response: { status: 200 },
        },
        {
          type: "GET",
          url: "https://shop.example/api/cart",
          date: at,
          duration: 80,
          success: true,
          request: {},
          response: { status: 502 },
        },
      ],
    },
  );

  await signInAsAdmin(page, "en-US", `/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  const log = page.getByTestId("console-log");
  await expect(log).toContainText("Checkout failed: 502");
  await expect(log).not.toContainText("Gleap:");
  await page.getByRole("button", { name: "Network (1)" }).click();
  await expect(page.getByTestId("network-log")).toContainText("shop.example/api/cart");
  await expect(page.getByTestId("network-log")).not.toContainText("/api/widget/");

  await page.getByLabel("Show the widget's own entries (2 hidden)").check();
  await expect(page.getByTestId("network-log")).toContainText("/api/widget/sessions/ping");
  await page.getByRole("button", { name: "Console (2)" }).click();
  await expect(log).toContainText("Gleap: the product tour could not be shown");
});
