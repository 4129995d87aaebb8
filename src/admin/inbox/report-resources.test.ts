import { describe, expect, test } from "bun:test";
import { reportResources } from "./report-resources.ts";

const report = {
  page: "https://acme.test/notes",
  snapshot: {
    html: '<img src="https://tracker.test/shared.png"><img src="pic.png">',
    baseUrl: null,
    image: null,
    x: 0,
    y: 0,
    width: 800,
    height: 600,
  },
  replay: {
    baseUrl: "https://acme.test/app/",
    width: 800,
    height: 600,
    events: [
      { type: 4, timestamp: 1, data: { href: "https://acme.test/app" } },
      {
        type: 2,
        timestamp: 2,
        data: {
          node: {
            type: 2,
            id: 1,
            tagName: "img",
            attributes: { src: "https://tracker.test/shared.png" },
            childNodes: [{ type: 2, id: 2, tagName: "img", attributes: { src: "pic.png" }, childNodes: [] }],
          },
        },
      },
    ],
  },
  recordingUrl: "https://tracker.test/recording.webm",
};
const options = { own: ["https://admin.test"], adminUrl: "https://admin.test/dashboard/inbox/1" };

describe("reportResources", () => {
  test("counts each external address once across snapshot, replay and recording, and holds the recording back", () => {
    const held = reportResources(report, { ...options, allowExternal: false });
    // shared.png, the snapshot's pic.png (the page's), the replay's pic.png (/app's) and the recording.
    expect(held.external).toBe(4);
    expect(held.recordingUrl).toBeNull();
    expect(held.recordingBlocked).toBe(true);
    expect(held.snapshotDocument).not.toContain("tracker.test");
    expect(JSON.stringify(held.replayEvents)).not.toContain("tracker.test");
    expect(held.framePolicy).not.toContain("https: ");
  });

  test("allowed, the same report loads it all", () => {
    const open = reportResources(report, { ...options, allowExternal: true });
    expect(open.external).toBe(4);
    expect(open.recordingUrl).toBe("https://tracker.test/recording.webm");
    expect(open.recordingBlocked).toBe(false);
    expect(open.snapshotDocument).toContain("https://acme.test/pic.png");
    expect(JSON.stringify(open.replayEvents)).toContain("https://acme.test/app/pic.png");
  });

  test("a recording on our own origin plays without asking", () => {
    const own = reportResources(
      {
        ...report,
        snapshot: null,
        replay: null,
        recordingUrl: "https://admin.test/api/files/uploads/r.webm",
      },
      { ...options, allowExternal: false },
    );
    expect(own.external).toBe(0);
    expect(own.recordingUrl).toBe("https://admin.test/api/files/uploads/r.webm");
  });

  test("whatever the admin allows, no handler or script address reaches the replayer", () => {
    const hostile = [
      {
        type: 2,
        timestamp: 1,
        data: {
          node: {
            type: 2,
            id: 1,
            tagName: "body",
            attributes: { onload: "x" },
            childNodes: [
              { type: 2, id: 2, tagName: "img", attributes: { src: "/a.png", onerror: "y" }, childNodes: [] },
              { type: 2, id: 3, tagName: "a", attributes: { href: "javascript:z()" }, childNodes: [] },
              { type: 2, id: 4, tagName: "button", attributes: { formaction: "/pay" }, childNodes: [] },
            ],
          },
        },
      },
      {
        type: 3,
        timestamp: 2,
        data: {
          source: 0,
          adds: [],
          removes: [],
          texts: [],
          attributes: [{ id: 3, attributes: { onclick: "w" } }],
        },
      },
    ];
    for (const allowExternal of [false, true]) {
      const shown = reportResources(
        { ...report, replay: { ...report.replay, events: hostile } },
        { ...options, allowExternal },
      );
      const text = JSON.stringify(shown.replayEvents);
      expect(text).not.toMatch(/"on(load|error|click)":"|javascript:|formaction/);
      expect(text).toContain('"onclick":null');
    }
    // The report's own events stay as they came.
    expect(JSON.stringify(hostile)).toContain("javascript:z()");
  });

  test("the frames load the capture frame, open to the web only once the admin allowed external content", () => {
    expect(reportResources(report, { ...options, allowExternal: false }).frameUrl).toBe("/capture-frame");
    expect(reportResources(report, { ...options, allowExternal: true }).frameUrl).toBe(
      "/capture-frame?external=1",
    );
  });

  test("a page address that is not a web address leaves relative addresses to the admin's origin", () => {
    const odd = reportResources(
      {
        ...report,
        page: "not a url",
        replay: null,
        recordingUrl: null,
        snapshot: {
          ...report.snapshot,
          html: '<img src="/own.png"><img src="https://tracker.test/x.png">',
          baseUrl: "javascript:x",
        },
      },
      { ...options, allowExternal: false },
    );
    expect(odd.snapshotDocument).toContain('src="https://admin.test/own.png"');
    expect(odd.external).toBe(1);
  });
});
