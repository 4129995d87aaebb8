import { expect, type Page } from "@playwright/test";
import { e2eEnv } from "./support/e2e-servers.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * Visitors' uploads were served from the admin's own origin. They come from the messenger
 * origin now; the admin's origin only redirects links stored earlier, and the inbox still plays them.
 */

const messengerOrigin = `http://localhost:${e2eEnv.MESSENGER_PORT}`;

/** A short WebM recorded from a canvas in the browser: real media the inbox's player can load. */
async function recordWebm(page: Page): Promise<Buffer> {
  await page.goto("about:blank");
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext("2d");
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.start(100);
    for (let frame = 0; frame < 10; frame++) {
      if (context) {
        context.fillStyle = `hsl(${frame * 36}, 80%, 50%)`;
        context.fillRect(0, 0, 64, 48);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => {
      recorder.onstop = resolve;
      recorder.stop();
    });
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

test("a visitor's recording is served from the messenger origin and plays in the admin inbox", async ({
  page,
  request,
}) => {
  const session = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": "demo" },
    data: { lang: "en" },
  });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const headers = { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };

  const uploaded = await request.post("/api/widget/uploads/sdk", {
    headers,
    multipart: { file: { name: "recording.webm", mimeType: "video/webm", buffer: await recordWebm(page) } },
  });
  expect(uploaded.status()).toBe(200);
  const { fileUrl } = (await uploaded.json()) as { fileUrl: string };
  expect(fileUrl.startsWith(`${messengerOrigin}/api/files/uploads/`)).toBe(true);
  const name = fileUrl.split("/").pop() ?? "";
  // The admin's origin serves no visitor file; a link of an earlier version is sent on.
  const old = await request.get(`/api/files/uploads/${name}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(fileUrl);

  const description = `Recorded on the messenger origin (${Date.now().toString(36)})`;
  const created = await request.post("/api/widget/bugs/v2", {
    headers,
    data: { type: "BUG", formData: { description }, screenRecordingUrl: fileUrl },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signInAsAdmin(page, "en-US", `/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  const video = page.getByTestId("recording-video");
  await expect(video).toHaveAttribute("src", fileUrl);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(refused).toEqual([]);
});
