import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

// Numbered pages, the page size in the URL, CSV export of the filtered list, the
// reported tasks opening on open reports, and long values that do not push a table's actions away.

const count = async (query: string, ...params: string[]) =>
  Number((await selectRows<{ total: number }>(query, ...params))[0]?.total);

/** The pager's items as they read: numbers, "…" for a gap, the current page in brackets. */
async function pagerText(pager: Locator): Promise<string> {
  const items = await pager.locator(".pagination-pages li").evaluateAll((elements) =>
    elements.map((element) => {
      const button = element.querySelector("button");
      const text = element.textContent?.trim() ?? "";
      return button?.getAttribute("aria-current") === "page" ? `[${text}]` : text;
    }),
  );
  return items.join(" ");
}

/** RFC 4180 fields and records (quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index++;
    } else field += char;
  }
  if (field || record.length) throw new Error("the CSV does not end with CRLF");
  return records;
}

test("users: numbered pages with first and last, and the page size kept in the URL", async ({ page }) => {
  await signInAsAdmin(page, "en-US", "/dashboard/users");
  const total = await count("SELECT count(*) AS total FROM users");
  const pages = Math.ceil(total / 25);
  // The full demo data: 1,200 users and the demo admin, so 49 pages of 25 (other specs add a few).
  expect(pages).toBeGreaterThanOrEqual(48);
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager.getByRole("button", { name: "Page 1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await pagerText(pager)).toBe(`« ‹ [1] 2 3 4 5 6 7 … ${pages} › »`);
  await expect(pager.getByRole("button", { name: "First page" })).toBeDisabled();
  await expect(pager.getByRole("button", { name: "Previous page" })).toBeDisabled();

  // The last page in one click, no URL editing.
  await pager.getByRole("button", { name: "Last page" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));
  await expect(pager.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  await expect(pager.getByRole("button", { name: `Page ${pages}`, exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
  await expect(pager.getByRole("button", { name: "Last page" })).toBeDisabled();
  await expect(page.getByTestId("user-row")).toHaveCount(total - (pages - 1) * 25);

  // The middle: « ‹ 1 … 4 5 [6] 7 8 … last › », each number a button to its page.
  await page.goto("/dashboard/users?page=6");
  await expect(pager.getByRole("button", { name: "Page 6", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await pagerText(pager)).toBe(`« ‹ 1 … 4 5 [6] 7 8 … ${pages} › »`);
  await pager.getByRole("button", { name: "Page 8", exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=8(&|$)/);
  await pager.getByRole("button", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/[?&]page=7(&|$)/);
  await pager.getByRole("button", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/users$/);

  // The page size: in the URL, back to page 1, kept over a reload; the default leaves the URL.
  await page.goto("/dashboard/users?page=6");
  await page.getByLabel("Per page").selectOption("50");
  await expect(page).toHaveURL(/\/dashboard\/users\?pageSize=50$/);
  await expect(page.getByTestId("user-row")).toHaveCount(50);
  await expect(pager.getByText(`Page 1 of ${Math.ceil(total / 50)}`)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Per page")).toHaveValue("50");
  await expect(page.getByTestId("user-row")).toHaveCount(50);
  for (const size of ["10", "100"]) {
    await page.getByLabel("Per page").selectOption(size);
    await expect(page).toHaveURL(new RegExp(`pageSize=${size}$`));
    await expect(page.getByTestId("user-row")).toHaveCount(Number(size));
  }
  await page.getByLabel("Per page").selectOption("25");
  await expect(page).toHaveURL(/\/dashboard\/users$/);
});

test("CSV export: every row of the filtered list, not just the page, with a header", async ({ page }) => {
  await signInAsAdmin(page);
  // Ten a page, so the file must hold far more than the page shows.
  await page.goto("/dashboard/users?status=enabled&role=USER&pageSize=10");
  await expect(page.getByTestId("user-row")).toHaveCount(10);
  const expected = await selectRows<{ id: string; name: string; email: string | null }>(
    "SELECT id, name, email FROM users WHERE enabled = TRUE AND role = 'USER'",
  );
  expect(expected.length).toBeGreaterThan(100);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  // UTF-8 with a byte order mark, so Excel reads it as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([
    "ID",
    "Nickname",
    "E-mail",
    "Role",
    "Status",
    "E-mail verified",
    "MFA enabled",
    "Newsletter",
    "Level",
    "Level name",
    "XP",
    "Balance",
    "Created",
    "Last sign-in",
  ]);
  expect(rows).toHaveLength(expected.length);
  expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(expected.map((user) => user.id)));
  // Each row read as the columns it must hold, in one comparison: an expect per cell would be a
  // reported step each, thousands of them, and Playwright's bookkeeping costs grow with their square.
  const byId = new Map(expected.map((user) => [user.id, user]));
  const read = rows.map((row) => ({
    columns: row.length,
    nickname: row[1],
    email: row[2],
    role: row[3],
    status: row[4],
    xpIsWhole: /^\d+$/.test(row[10] ?? ""),
    createdIsIso: /^\d{4}-\d{2}-\d{2}T/.test(row[12] ?? ""),
  }));
  const wanted = rows.map((row) => {
    const user = byId.get(row[0] ?? "");
    return {
      columns: header?.length ?? 0,
      nickname: user?.name,
      email: user?.email ?? "",
      role: "User",
      status: "Enabled",
      xpIsWhole: true,
      createdIsIso: true,
    };
  });
  expect(read).toEqual(wanted);
  // The button is ready again for the next export.
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
});

test("Reported Tasks opens on the open reports; Any shows every state", async ({ page }) => {
  await signInAsAdmin(page);
  await openFromSidebar(page, "Reported Tasks");
  await expect(page.locator("select[name=state]")).toHaveValue("open");
  const open = await count("SELECT count(*) AS total FROM reports WHERE resolved_at IS NULL");
  await expect(page.locator(".list-count")).toHaveText(`${open.toLocaleString("en-US")} reports`);
  for (const status of await page.getByTestId("report-status").allTextContents()) expect(status).toBe("Open");
  // Open is where the list starts, so it offers no reset.
  await expect(page.getByRole("button", { name: "Reset" })).toHaveCount(0);

  await page.getByLabel("Status").selectOption({ label: "Any" });
  await expect(page).toHaveURL(/[?&]state=any/);
  const all = await count("SELECT count(*) AS total FROM reports");
  await expect(page.locator(".list-count")).toHaveText(`${all.toLocaleString("en-US")} reports`);
  await page.reload();
  await expect(page.locator("select[name=state]")).toHaveValue("");
  await expect(page.locator(".list-count")).toHaveText(`${all.toLocaleString("en-US")} reports`);

  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.locator("select[name=state]")).toHaveValue("open");
  await expect(page.locator(".list-count")).toHaveText(`${open.toLocaleString("en-US")} reports`);
});

/** Whether `element` shows its text on one line (no wrapping) and how wide its text is against its box. */
const lineBox = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return {
      whiteSpace: style.whiteSpace,
      textOverflow: style.textOverflow,
      lines: lines.size,
      cut: node.scrollWidth > node.clientWidth,
    };
  });

async function tableFits(page: Page) {
  return page.locator(".table-wrap").evaluate((wrap) => ({
    width: wrap.getBoundingClientRect().width,
    fits: wrap.scrollWidth <= wrap.clientWidth,
  }));
}

test("a 100-character title keeps Edit and Delete in a 1,060 px table; the whole title on hover and focus", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const title = `${`Lists ${Date.now()} `.padEnd(99, "long words keep coming ")}!`;
  expect(title).toHaveLength(100);
  const created = await request.post("/api/challenge-categories", {
    headers,
    data: { title, information: "A category whose title is as long as titles get in the issue." },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  try {
    // 1,366 px wide: the sidebar and the page's padding leave the table about 1,060 px.
    await page.setViewportSize({ width: 1366, height: 800 });
    await signInAsAdmin(
      page,
      "en-US",
      `/dashboard/challenge-categories?q=${encodeURIComponent(title.slice(0, 20))}`,
    );
    const row = page.getByTestId("category-row").filter({ hasText: title.slice(0, 20) });
    await expect(row).toHaveCount(1);
    const box = await tableFits(page);
    expect(box.width).toBeGreaterThan(1040);
    expect(box.width).toBeLessThanOrEqual(1062);
    expect(box.fits).toBe(true);

    const wrap = await page.locator(".table-wrap").boundingBox();
    for (const name of ["Edit", "Delete"]) {
      const button = row.getByRole(name === "Edit" ? "link" : "button", { name: new RegExp(`^${name} `) });
      await expect(button).toBeVisible();
      const rect = await button.boundingBox();
      expect((rect?.x ?? 0) + (rect?.width ?? 0)).toBeLessThanOrEqual((wrap?.x ?? 0) + (wrap?.width ?? 0));
    }

    // Cut with an ellipsis; the whole title on hover (title) and on focus (the link unclips).
    const link = row.getByRole("link", { name: title, exact: true });
    await expect(link).toHaveAttribute("title", title);
    expect(await lineBox(link)).toMatchObject({ whiteSpace: "nowrap", textOverflow: "ellipsis", cut: true });
    await link.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    expect((await lineBox(link)).cut).toBe(false);
    expect(await link.evaluate((node) => getComputedStyle(node).overflow)).toBe("visible");
  } finally {
    await request.delete(`/api/challenge-categories/${id}`, { headers });
  }
});

test("e-mail addresses are cut, never broken inside, in the table and in the phone's cards", async ({
  page,
}) => {
  const [longest] = await selectRows<{ name: string; email: string }>(
    "SELECT name, email FROM users WHERE email IS NOT NULL ORDER BY length(email) DESC, email LIMIT 1",
  );
  if (!longest) throw new Error("no user has an e-mail address");
  await page.setViewportSize({ width: 1100, height: 800 });
  await signInAsAdmin(page, "en-US", "/dashboard/users?pageSize=100");
  const emails = page.getByTestId("user-email").locator(".clip");
  await expect(emails).toHaveCount(100);
  for (const email of await emails.all()) {
    expect(await lineBox(email)).toMatchObject({ whiteSpace: "nowrap", lines: 1 });
  }

  // The longest address of all: one line, the whole of it on hover, and focusable once it is cut.
  await page.goto(`/dashboard/users?q=${encodeURIComponent(longest.email)}`);
  const email = page.getByTestId("user-email").locator(".clip").first();
  await expect(email).toHaveAttribute("title", longest.email);
  const shape = await lineBox(email);
  expect(shape.lines).toBe(1);
  if (shape.cut) await expect(email).toHaveAttribute("tabindex", "0");

  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    // The phone's cards: the address keeps to one line there too.
    await expect(page.locator(".data-table tbody tr").first()).toHaveCSS("display", "block");
    await expect.poll(() => lineBox(email)).toMatchObject({ whiteSpace: "nowrap", lines: 1 });
  }
});
