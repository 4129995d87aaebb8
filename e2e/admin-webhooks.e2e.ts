import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * Webhooks: an admin adds a webhook to a project, pointing at a receiver this
 * spec starts, presses "Send test", and sees the delivery with the receiver's 200 in the log and the
 * start of its answer, cleaned and cut to 200 characters; the receiver got the test signed with the
 * secret the card reveals. An internal address (cloud metadata) is refused with the reason under the
 * address. Then the webhook is deleted. The main e2e server allows 127.0.0.1 (WEBHOOK_ALLOWED_HOSTS),
 * where the receiver listens.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let receiver: Server;
const projects = createWidgetProjects("e2e-webhooks");

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      // A long answer with a terminal escape, line breaks and a right-to-left override in it.
      response
        .writeHead(200, { "Content-Type": "text/plain" })
        .end(`thanks\u001b[2J\r\n\u202E${"log line ".repeat(120)}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await projects.removeAll();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test("a webhook added in the admin gets a signed test, and the log shows its 200", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/projects", {
    headers: await adminHeaders(request),
    data: { name: `Webhooks ${Date.now().toString(36)}` },
  });
  expect(created.status()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  projects.adopt(projectId);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/morph`;

  await signInAsAdmin(page, "en-US", `/dashboard/projects/${projectId}`);
  const card = page.getByTestId("webhooks-card");
  await expect(card.getByRole("heading", { name: "Webhooks", exact: true })).toBeVisible();
  await expect(card.getByText("No Webhooks")).toBeVisible();

  await card.getByRole("button", { name: "Add webhook" }).click();
  // A wrong address is named before anything is sent.
  await card.getByLabel("Address").fill("ftp://example.com/in");
  await card.getByRole("button", { name: "Add webhook" }).click();
  await expect(card.getByText("Enter an http:// or https:// address")).toBeVisible();
  // An internal address passes the form's own check; the server refuses it, and the form says why.
  await card.getByLabel("Address").fill("http://169.254.169.254/latest/meta-data/");
  await card.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText(/169\.254\.169\.254 is a link-local address/)).toBeVisible();
  await expect(
    card.getByText(
      "Webhooks reach public addresses only: not this server, a private network or a cloud metadata service.",
    ),
  ).toBeVisible();
  await expect(card.getByText("No Webhooks")).toBeVisible();
  await card.getByLabel("Address").fill(url);
  await card.getByLabel("Description").fill("Our CRM");
  await card.getByLabel("Conversation message").check();
  await card.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("Webhook added")).toBeVisible();

  const item = card.getByTestId("webhook-item");
  await expect(item.getByText(url)).toBeVisible();
  await expect(item.getByText("Report created")).toBeVisible();
  await expect(item.getByText("Conversation message")).toBeVisible();
  await expect(item.getByText("Nothing sent yet")).toBeVisible();

  await item.getByRole("button", { name: "Send test" }).click();
  const delivery = item.getByTestId("webhook-delivery");
  await expect(delivery).toHaveAttribute("data-state", "delivered");
  await expect(delivery.getByText("Delivered")).toBeVisible();
  await expect(delivery.getByTestId("webhook-delivery-status")).toHaveText("HTTP 200");
  // The start of the answer as the server keeps it: no control or format characters, one space for
  // each run of blanks, 200 characters with the cut marked.
  const answer = delivery.locator(".webhook-response");
  await expect(answer).toHaveText(/^thanks \[2J log line log line /);
  const shown = (await answer.textContent()) ?? "";
  expect(Array.from(shown)).toHaveLength(200);
  expect(shown.endsWith("…")).toBe(true);
  expect(shown).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  await expect(
    item.getByText("Each answer is kept as its status and at most 200 characters of its start."),
  ).toBeVisible();

  // The receiver checks the signature with the secret the card shows.
  await item.getByRole("button", { name: "Reveal" }).click();
  const secret = (await item.getByTestId("webhook-secret").textContent()) ?? "";
  expect(secret).toMatch(/^whsec_/);
  expect(received).toHaveLength(1);
  const [sent] = received;
  const timestamp = String(sent?.headers["x-morph-timestamp"]);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${sent?.body}`).digest("hex");
  expect(sent?.headers["x-morph-signature"]).toBe(`sha256=${expected}`);
  expect(JSON.parse(sent?.body ?? "{}")).toMatchObject({ type: "webhook.test", projectId });

  // At 390 px the card still fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(delivery.getByTestId("webhook-delivery-status")).toBeVisible();
  expect(await card.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);

  await item.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete webhook" }).click();
  await expect(card.getByText("No Webhooks")).toBeVisible();
});
