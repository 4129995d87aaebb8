import { expect, type Frame, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { replayedFrame, replayedPage } from "./support/replay-frame.ts";
import { element, replayDocument, replayOpening } from "./support/rrweb-events.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

/**
 * Opening a report or a conversation in the admin fetches nothing from addresses the visitor chose
 *. A "tracker" origin stands for any site a visitor
 * names: every request the admin's browser makes to it is counted. Until "Load external content" is
 * clicked, it gets none, with the snapshot, the played replay, the recording and the logs all on
 * screen; after the click, the same views load from it.
 */

const tracker = "https://tracker.test";
const run = Date.now().toString(36);
// A 1×1 PNG, so pictures that are allowed really load.
const pixel = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** The snapshot viewer's stage: `aria-busy` until its frame's load event. */
const snapshotStage = (page: Page) => page.locator(".snapshot-stage");

/** Counts the tracker's requests (paths only, in order); it answers pictures, and nothing else. */
async function watchTracker(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route(`${tracker}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    seen.push(path);
    return path.endsWith(".png")
      ? route.fulfill({ status: 200, contentType: "image/png", body: pixel })
      : route.fulfill({ status: 404, body: "" });
  });
  return seen;
}

/**
 * Whether every picture and medium in the frame's document has finished loading (or failing): a
 * picture from the tracker is complete only once the tracker's route has answered it.
 */
function allLoaded(frame: Page | Frame) {
  return frame.evaluate(() => {
    const loading = HTMLMediaElement.NETWORK_LOADING;
    return (
      [...document.images].every((image) => image.complete) &&
      [...document.querySelectorAll<HTMLMediaElement>("video, audio")].every(
        (media) => media.networkState !== loading,
      )
    );
  });
}

function replayEvents(start: number) {
  const page = replayDocument(
    element(3, "html", {}, [
      element(4, "head", {}, [
        element(5, "style", {}, [
          {
            type: 3,
            id: 6,
            isStyle: true,
            textContent: `.banner{width:60px;height:60px;background:url(${tracker}/replay-css.png)}`,
          },
        ]),
      ]),
      element(7, "body", {}, [
        element(8, "img", { src: `${tracker}/replay-img.png`, width: "40", height: "40" }),
        element(9, "div", { class: "banner" }),
        element(10, "div", {
          style: `width:60px;height:60px;background-image:url(${tracker}/replay-inline.png)`,
        }),
        element(11, "video", { src: `${tracker}/replay-video.webm` }),
      ]),
    ]),
  );
  return [
    ...replayOpening(start, { href: "https://acme.test/checkout", width: 800, height: 600 }, page),
    {
      type: 3,
      timestamp: start + 400,
      data: {
        source: 0,
        adds: [
          { parentId: 7, nextId: null, node: element(12, "img", { src: `${tracker}/replay-later.png` }) },
        ],
        removes: [],
        texts: [],
        attributes: [],
      },
    },
    {
      type: 3,
      timestamp: start + 1200,
      data: { source: 1, positions: [{ x: 10, y: 10, id: 7, timeOffset: 0 }] },
    },
  ];
}

test("a report's snapshot, replay, recording and logs fetch nothing from the visitor's addresses until the admin asks", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const seen = await watchTracker(page);
  const description = `Report with tracked resources (${run})`;
  const start = Date.now() - 5_000;
  const { id } = await fileBugReport(request, await demoSessionHeaders(request), {
    type: "BUG",
    formData: { description, attachment: `${tracker}/form-attachment.png` },
    metaData: { currentUrl: "https://acme.test/checkout" },
    consoleLog: [
      {
        log: `Failed to load ${tracker}/console.png`,
        priority: "ERROR",
        date: new Date(start).toISOString(),
      },
    ],
    networkLogs: [
      { type: "GET", url: `${tracker}/network.png`, date: new Date(start).toISOString(), success: true },
    ],
    screenshotData: {
      html: `<!DOCTYPE html><html><head><style>.hero{width:60px;height:60px;background:url(${tracker}/snapshot-css.png)}</style></head>
          <body><p id="visible">Checkout</p><img src="${tracker}/snapshot-img.png" width="40" height="40"><div class="hero"></div>
          <div style="width:60px;height:60px;background-image:url(${tracker}/snapshot-inline.png)"></div></body></html>`,
      baseUrl: "https://acme.test/checkout",
      width: 800,
      height: 600,
      x: 0,
      y: 0,
    },
    webReplay: {
      events: replayEvents(start),
      baseUrl: "https://acme.test/checkout",
      width: 800,
      height: 600,
    },
    screenRecordingUrl: `${tracker}/recording.webm`,
  });

  await signInAsAdmin(page, "en-US", `/dashboard/inbox/${id}`);
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  const notice = page.getByTestId("external-content");
  // 3 in the snapshot, 5 in the replay, the recording.
  await expect(notice).toContainText("refers to 9 external resources");

  // Every view on screen, the replay played to its end: still nothing reaches the tracker.
  const snapshot = page.frameLocator("[data-testid=snapshot-frame]");
  await expect(snapshot.locator("#visible")).toHaveText("Checkout");
  // The snapshot's frame has had its load event (the viewer leaves its busy state on it): it waits for
  // every picture, background and sheet the frame asked for, so a request to the tracker is counted.
  await expect(snapshotStage(page)).toHaveAttribute("aria-busy", "false");
  await page.getByRole("button", { name: /^Console/ }).click();
  await expect(page.getByTestId("console-log")).toContainText(`${tracker}/console.png`);
  await page.getByRole("button", { name: /^Network/ }).click();
  await expect(page.getByTestId("network-log")).toContainText(`${tracker}/network.png`);
  await page.getByRole("button", { name: "Replay", exact: true }).click();
  const player = page.getByTestId("replay-player");
  await expect(player).toHaveAttribute("data-state", "ready");
  await player.getByRole("button", { name: "Play" }).click();
  await expect(player.getByRole("button", { name: "Play" })).toBeVisible({ timeout: 10_000 });
  await expect(replayedPage(player).locator("img").nth(1)).toBeAttached();
  // The replay built its page (styles and all) at its start and its last picture 0.8 s before its end;
  // every picture and medium in it has finished by now.
  const replayFrame = await replayedFrame(player);
  await expect.poll(() => allLoaded(replayFrame)).toBe(true);
  // The recording is a notice, no player: there is nothing in it to load.
  await page.getByRole("button", { name: "Recording", exact: true }).click();
  await expect(page.getByTestId("recording-blocked")).toBeVisible();
  expect(seen).toEqual([]);

  // The admin asks: the same views load from the tracker.
  await notice.getByRole("button", { name: "Load external content" }).click();
  await expect(notice).toContainText("External content is loaded for this report");
  await expect.poll(() => seen).toContain("/recording.webm");
  await page.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(player).toHaveAttribute("data-state", "ready");
  await expect.poll(() => seen).toEqual(expect.arrayContaining(["/replay-img.png", "/replay-inline.png"]));
  await page.getByRole("button", { name: "Snapshot", exact: true }).click();
  await expect
    .poll(() => seen)
    .toEqual(expect.arrayContaining(["/snapshot-img.png", "/snapshot-css.png", "/snapshot-inline.png"]));
  // Text stays text: the logs and the form never load what they mention.
  expect(seen.filter((path) => /console|network|form-attachment/.test(path))).toEqual([]);

  // Another visit starts blocked again.
  const before = seen.length;
  await page.reload();
  await expect(page.getByTestId("external-content")).toContainText("refers to 9 external resources");
  await expect(snapshot.locator("#visible")).toHaveText("Checkout");
  // The snapshot, the one view on screen, has loaded all it asked for (its frame's load event).
  await expect(snapshotStage(page)).toHaveAttribute("aria-busy", "false");
  expect(seen.length).toBe(before);
});

test("a conversation's attached and message pictures on other sites load only when the admin asks", async ({
  page,
  request,
}) => {
  const seen = await watchTracker(page);
  const [demo] = await selectRows<{ id: string }>(
    "SELECT id FROM widget_projects WHERE sdk_key = $1",
    "demo",
  );
  if (!demo) throw new Error("no demo project");
  const subject = `Picture attached (${run})`;
  const started = await request.post("/api/widget/conversations", {
    headers: await demoSessionHeaders(request),
    data: {
      text: subject,
      attachments: [{ url: `${tracker}/attachment.png`, name: "screenshot.png", type: "image/png" }],
    },
  });
  expect(started.status()).toBe(201);
  const { shareToken } = (await started.json()) as { shareToken: string };
  const [conversation] = await selectRows<{ id: string }>(
    "SELECT id FROM conversations WHERE share_token = $1",
    shareToken,
  );
  if (!conversation) throw new Error("no conversation");
  const reply = await request.post(`/api/projects/${demo.id}/conversations/${conversation.id}/messages`, {
    headers: await adminHeaders(request),
    data: { text: `<p>Like this one?</p><img src="${tracker}/staff.png" alt="example">` },
  });
  expect(reply.status()).toBe(201);

  await signInAsAdmin(page, "en-US", `/dashboard/conversations/${demo.id}/${conversation.id}`);
  await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
  const notice = page.getByTestId("external-content");
  await expect(notice).toContainText("refers to 2 pictures on other sites");
  await expect(page.getByTestId("attachment-blocked")).toContainText("screenshot.png");
  await expect(page.getByTestId("conversation-view").getByText("Like this one?")).toBeVisible();
  // Every picture on the page has loaded or failed (one from the tracker only once its route answered).
  await expect.poll(() => allLoaded(page)).toBe(true);
  expect(seen).toEqual([]);

  await notice.getByRole("button", { name: "Load external content" }).click();
  await expect.poll(() => seen).toEqual(expect.arrayContaining(["/attachment.png", "/staff.png"]));
  await expect(page.getByRole("img", { name: "Attachment: screenshot.png" })).toBeVisible();
});
