import { describe, expect, test } from "bun:test";
import type { AdminOutbound, OutboundWrite } from "../../../shared/inbox-api.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { tableRows } from "../../test-support/refused-writes.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * Over HTTP: a tour's type, co-pilot settings and every step field, and a checklist's
 * step actions, are stored as written and answered to the widget; a step that could not run (a click
 * without an element, a redirect to `javascript:`) is refused with the field named, and writes nothing.
 */

const t = startedBeforeAll(startMessengerTest);

const rows = () => tableRows(t.api.sql, ["widget_outbounds", "audit_log"]);

async function expectRefused(write: OutboundWrite, field: string, message: RegExp) {
  const before = await rows();
  const response = await t.api.call("POST", `/api/projects/${t.projectId}/outbounds`, write);
  const answer = (await response.json()) as { error: string; field?: string };
  expect(`${response.status} ${answer.field}`).toBe(`400 ${field}`);
  expect(answer.error).toMatch(message);
  expect(await rows()).toBe(before);
}

const copilotTour: OutboundWrite = {
  type: "tour",
  name: "Co-pilot",
  config: {
    tourType: "cobrowse",
    allowClose: false,
    backButton: true,
    nextText: "Weiter",
    prevText: "Zurück",
    doneText: "Fertig",
    playVoice: true,
    gradient: true,
    kaiSlug: "Acme co-pilot",
    kaiAvatar: "https://example.com/kai.png",
    showUnmuteModal: true,
    unmuteModalTitle: "Sound on?",
    unmuteModalButton: "Unmute",
    unmuteModalContinue: "Carry on",
    steps: [
      { selector: "#title", title: "Hi", message: "<p>Hello</p>", voice: "https://example.com/1.mp3" },
      {
        selector: "#note",
        mode: "INPUT",
        inputType: "auto",
        inputValue: "Buy milk",
        message: "<p>Typing</p>",
      },
      { selector: "#save", mode: "CLICK", message: "<p>Saving</p>" },
      { selector: "", type: "video-pointer", videoUrl: "https://example.com/v.mp4", message: "<p>Watch</p>" },
    ],
  },
};

const actionSteps = [
  { id: "bot", title: "Chat", action: "BOT", botId: "bot-1", actionTitle: "Start a chat", duration: 2 },
  { id: "custom", title: "Custom", action: "CUSTOM_ACTION", actionBody: "open-settings" },
  {
    id: "go",
    title: "Pricing",
    action: "REDIRECT_URL",
    actionBody: "/pricing",
    actionOpenInNewTab: true,
    allowMarkDone: false,
  },
  { id: "flow", title: "Bug", action: "FEEDBACK_FLOW", formId: "bugreporting" },
  { id: "news", title: "News", action: "NEWS_ARTICLE", articleId: "n1" },
  { id: "help", title: "Help", action: "HELP_ARTICLE", articleId: "h1" },
  { id: "next", title: "Next list", action: "CHECKLIST", outboundId: "c2", sharedKey: "" },
  { id: "plain", title: "Read", action: "none", duration: 0 },
];

describe("authoring tours", () => {
  test("a co-pilot tour keeps its type, settings and every step field", async () => {
    const created = await t.create<AdminOutbound>("/outbounds", copilotTour);
    expect(created.config).toEqual(copilotTour.config);
    const read = await t.adminGet<AdminOutbound>(`/outbounds/${created.id}`);
    expect(read.config).toEqual(copilotTour.config);
  });

  test("a step that cannot run, or a setting of the wrong kind, is refused with its field", async () => {
    const step = (change: Record<string, unknown>): OutboundWrite => ({
      ...copilotTour,
      config: { ...copilotTour.config, steps: [{ selector: "#a", message: "x", ...change }] },
    });
    await expectRefused(step({ mode: "CLICK", selector: " " }), "config.steps.0.selector", /element/);
    await expectRefused(step({ mode: "HOVER" }), "config.steps.0.mode", /invalid|Expected/);
    await expectRefused(step({ type: "video-pointer" }), "config.steps.0.videoUrl", /video/);
    await expectRefused(step({ mode: "INPUT", inputType: "auto" }), "config.steps.0.inputValue", /type/);
    await expectRefused(step({ inputType: "auto", inputValue: "x" }), "config.steps.0.inputType", /input/);
    await expectRefused(step({ voice: "javascript:alert(1)" }), "config.steps.0.voice", /https/);
    await expectRefused(
      { ...copilotTour, config: { ...copilotTour.config, tourType: "robot" } },
      "config.tourType",
      /invalid|Expected/,
    );
    await expectRefused(
      { ...copilotTour, config: { ...copilotTour.config, kaiAvatar: "javascript:alert(1)" } },
      "config.kaiAvatar",
      /image address/,
    );
    // The demo's co-pilot has an inline SVG avatar: an image the widget shows, so it may be kept.
    const inline = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg'/>")}`;
    await t.create("/outbounds", { ...copilotTour, config: { ...copilotTour.config, kaiAvatar: inline } });
    await expectRefused(
      { ...copilotTour, config: { ...copilotTour.config, playVoice: "yes" } },
      "config.playVoice",
      /invalid|Expected/,
    );
  });
});

describe("authoring checklists", () => {
  const checklist: OutboundWrite = {
    type: "checklist",
    name: "Actions",
    config: { subject: "Get going", steps: actionSteps },
  };

  test("every step action is stored with its fields and answered to the widget", async () => {
    const created = await t.create<AdminOutbound>("/outbounds", checklist);
    expect(created.config.steps).toEqual(actionSteps);
    await t.admin("POST", `/outbounds/${created.id}/publish`, undefined, 200);
    const session = await t.session();
    const start = await t.widgetJson<{ id: string }>(
      session,
      "POST",
      "/outbound/checklists",
      { outboundId: created.id },
      200,
    );
    const answer = await t.widgetGet<{ outbound: { config: { steps: unknown[] } } }>(
      session,
      `/outbound/checklists/${start.id}?convertTipTap=true`,
    );
    expect(answer.outbound.config.steps).toEqual(actionSteps);
  });

  test("an action without what it needs is refused with its field", async () => {
    const step = (change: Record<string, unknown>): OutboundWrite => ({
      ...checklist,
      config: { ...checklist.config, steps: [{ id: "a", title: "A", ...change }] },
    });
    await expectRefused(step({ action: "REDIRECT_URL" }), "config.steps.0.actionBody", /address/);
    await expectRefused(
      step({ action: "REDIRECT_URL", actionBody: "javascript:alert(1)" }),
      "config.steps.0.actionBody",
      /https/,
    );
    await expectRefused(
      step({ action: "CUSTOM_ACTION", actionBody: " " }),
      "config.steps.0.actionBody",
      /name/,
    );
    await expectRefused(step({ action: "FEEDBACK_FLOW" }), "config.steps.0.formId", /flow/);
    await expectRefused(step({ action: "HELP_ARTICLE" }), "config.steps.0.articleId", /article/);
    await expectRefused(step({ action: "CHECKLIST" }), "config.steps.0.outboundId", /checklist/);
    await expectRefused(step({ action: "SURVEY" }), "config.steps.0.action", /invalid|Expected/);
    await expectRefused(step({ duration: -1 }), "config.steps.0.duration", /invalid|Expected/);
    await expectRefused(step({ duration: 1.5 }), "config.steps.0.duration", /invalid|Expected/);
    await expectRefused(step({ allowMarkDone: "no" }), "config.steps.0.allowMarkDone", /invalid|Expected/);
  });
});
