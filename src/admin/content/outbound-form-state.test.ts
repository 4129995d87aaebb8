import { describe, expect, test } from "bun:test";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { newChecklistStep, nextStepId } from "./checklist-config.ts";
import { everywhere, storedOutbound, unscheduled } from "./content-test-kit.ts";
import { moveBy, removeAt, replaceAt } from "./list-edit.ts";
import { newButton, readButtons, writeButtons } from "./outbound-buttons.ts";
import {
  emptyOutboundForm,
  type OutboundFormState,
  outboundFormFromRecord,
  outboundRequestFromForm,
  validateOutboundForm,
} from "./outbound-form-state.ts";
import { localInputOf } from "./schedule-state.ts";
import { newTourStep } from "./tour-config.ts";

/** Where the stored outbounds below are shown: to identified visitors on the demo's pages. */
const onDemoPages = { pageFilter: "/demo", pageFilterType: "contains", audience: "identified" } as const;

const stored = (type: AdminOutbound["type"], config: Record<string, unknown>): AdminOutbound =>
  storedOutbound(type, config, { name: "Stored", status: "draft", ...onDemoPages });

describe("banner form", () => {
  test("a new banner needs a name and a title or body; then it is a valid request", () => {
    const empty = emptyOutboundForm("banner");
    expect(Object.keys(validateOutboundForm(empty)).sort()).toEqual(["config.title", "name"]);
    // The editor's empty document is no body either.
    const blank: TipTapDoc = { type: "doc", content: [{ type: "paragraph" }] };
    expect(
      Object.keys(validateOutboundForm({ ...empty, name: "B", config: { ...empty.config, body: blank } })),
    ).toEqual(["config.title"]);
    const offer: TipTapDoc = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "20% off" }] }],
    };
    const filled: OutboundFormState<"banner"> = {
      ...empty,
      name: " Spring sale ",
      config: { ...empty.config, body: offer },
    };
    expect(validateOutboundForm(filled)).toEqual({});
    expect(outboundRequestFromForm(filled)).toEqual({
      type: "banner",
      name: "Spring sale",
      config: { body: offer, format: "normal", showCloseButton: true, buttons: [] },
      ...everywhere,
      ...unscheduled,
    });
  });

  test("an edit keeps the config keys the form does not show, and the targeting as stored", () => {
    const form = outboundFormFromRecord(
      "banner",
      stored("banner", { title: "Old", body: "", format: "floating", tracking: { campaign: "x" } }),
    );
    expect(form).toMatchObject(onDemoPages);
    expect(form.config.format).toBe("floating");
    const request = outboundRequestFromForm({ ...form, config: { ...form.config, title: "New" } });
    expect(request.config).toMatchObject({ title: "New", format: "floating", tracking: { campaign: "x" } });
    expect(request.config).not.toHaveProperty("body");
  });

  test("a page filter needs both its type and its value; a colour must be #rrggbb", () => {
    const form: OutboundFormState<"banner"> = {
      ...emptyOutboundForm("banner"),
      name: "B",
      pageFilterType: "startswith",
      config: { ...emptyOutboundForm("banner").config, title: "T", color: "red" },
    };
    expect(validateOutboundForm(form)).toEqual({
      pageFilter: "pageFilter is required",
      "config.color": "content.rule.color",
    });
  });
});

describe("buttons", () => {
  test("read and written with the target under the key its action uses; other keys kept", () => {
    const buttons = readButtons([
      { text: "Go", action: "open-url", url: "/pricing", newTab: true },
      { text: "Later", action: "close", style: "secondary" },
      "junk",
    ]);
    expect(buttons.map((button) => [button.action, button.target, button.style])).toEqual([
      ["open-url", "/pricing", "primary"],
      ["close", "", "secondary"],
    ]);
    const [first] = buttons;
    if (!first) throw new Error("no button read");
    const changed = replaceAt(buttons, 0, { ...first, action: "start-custom-action", target: "upgrade" });
    expect(writeButtons(changed)[0]).toEqual({
      text: "Go",
      action: "start-custom-action",
      customAction: "upgrade",
      newTab: true,
      style: "primary",
    });
  });

  test("a button needs a label, an open-url button an address, a custom action its name", () => {
    const form = outboundFormFromRecord("modal", stored("modal", { title: "Hi" }));
    const buttons = [
      { ...newButton(), action: "open-url", target: "javascript:alert(1)", text: "Bad" },
      { ...newButton(), action: "start-custom-action" },
    ];
    expect(validateOutboundForm({ ...form, config: { ...form.config, buttons } })).toEqual({
      "config.buttons.0.target": "content.rule.url",
      "config.buttons.1.text": "text is required",
      "config.buttons.1.target": "target is required",
    });
  });

  test("a modal without a close button needs a button, so visitors can leave it", () => {
    const form = outboundFormFromRecord("modal", stored("modal", { title: "Hi", showCloseButton: false }));
    expect(validateOutboundForm(form)).toEqual({ "config.showCloseButton": "content.rule.noWayOut" });
    const withButton = { ...form, config: { ...form.config, buttons: [{ ...newButton(), text: "OK" }] } };
    expect(validateOutboundForm(withButton)).toEqual({});
  });
});

/** A one-paragraph document, as the editor writes it. */
const paragraph = (text: string): TipTapDoc => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

describe("notification, checklist and tour forms", () => {
  test("a notification needs its text; the sender is written as the widget reads it, the news link kept", () => {
    const form = outboundFormFromRecord(
      "notification",
      stored("notification", {
        text: "Hi {{name}}",
        news: { id: "n1" },
        sender: { name: "Lena", profileImageUrl: "x" },
      }),
    );
    // A text stored before the editor opens as a document and is saved as one.
    const greeting: TipTapDoc = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "Hi {{name}}" }] }],
    };
    expect(form.config).toEqual({ text: greeting, senderName: "Lena", sound: false });
    const request = outboundRequestFromForm({ ...form, config: { ...form.config, senderName: "Ada" } });
    expect(request.config).toEqual({
      text: greeting,
      news: { id: "n1" },
      sound: false,
      sender: { name: "Ada", firstName: "Ada", profileImageUrl: "x" },
    });
    expect(validateOutboundForm({ ...form, config: { ...form.config, text: null } })).toEqual({
      "config.text": "text is required",
    });
  });

  test("a checklist needs a title and a step with a title; step ids stay unique and their actions kept", () => {
    const empty = { ...emptyOutboundForm("checklist"), name: "Start" };
    expect(validateOutboundForm(empty)).toEqual({
      "config.subject": "subject is required",
      "config.steps": "content.rule.steps",
    });
    const form = outboundFormFromRecord(
      "checklist",
      stored("checklist", {
        subject: "Get started",
        steps: [{ id: "step-2", title: "Tag", action: "HELP_ARTICLE", articleId: "a1" }],
      }),
    );
    const added = newChecklistStep(form.config.steps);
    expect(added.id).toBe("step-3");
    expect(nextStepId([{ id: "step-2" }, { id: "step-3" }])).toBe("step-4");
    const steps = [...form.config.steps, { ...added, title: "Invite" }];
    const request = outboundRequestFromForm({ ...form, config: { ...form.config, steps } });
    expect(request.config.steps).toEqual([
      {
        id: "step-2",
        title: "Tag",
        allowMarkDone: true,
        action: "HELP_ARTICLE",
        articleId: "a1",
      },
      { id: "step-3", title: "Invite", allowMarkDone: true, action: "none" },
    ]);
    expect(validateOutboundForm({ ...form, config: { ...form.config, steps } })).toEqual({});
  });

  test("a tour keeps the keys it does not edit, stores only what applies, and asks a message of every step", () => {
    const form = outboundFormFromRecord(
      "tour",
      stored("tour", {
        tourType: "cobrowse",
        kaiSlug: "Kai",
        steps: [{ selector: "#a", message: "<p>Hi</p>", mode: "POINTER", builderNote: "kept" }],
      }),
    );
    // A mode the widget does not know reads as the Next button's.
    expect(form.config.steps[0]?.mode).toBe("");
    const typing = { ...newTourStep(), selector: "#b", mode: "INPUT" as const, message: paragraph("Type") };
    const request = outboundRequestFromForm({
      ...form,
      config: {
        ...form.config,
        builderUrl: "https://shop.example.com/",
        steps: [
          ...form.config.steps,
          { ...typing, inputType: "auto", inputValue: "Buy milk", videoUrl: "https://x.test/v.mp4" },
          newTourStep(),
        ],
      },
    });
    expect(request.config).toEqual({
      tourType: "cobrowse",
      kaiSlug: "Kai",
      builderUrl: "https://shop.example.com/",
      allowClose: true,
      backButton: true,
      playVoice: true,
      gradient: false,
      showUnmuteModal: false,
      steps: [
        // Stored HTML opens as the document it reads as, and is saved as one.
        { selector: "#a", message: paragraph("Hi"), builderNote: "kept" },
        // The video belongs to the video look only: a co-pilot input step does not store it.
        {
          selector: "#b",
          mode: "INPUT",
          inputType: "auto",
          inputValue: "Buy milk",
          message: paragraph("Type"),
        },
        { selector: "" },
      ],
    });
    expect(
      validateOutboundForm({
        ...form,
        config: {
          ...form.config,
          builderUrl: "ftp://x",
          steps: [{ ...newTourStep(), mode: "CLICK" }],
        },
      }),
    ).toEqual({
      "config.builderUrl": "content.rule.url",
      "config.steps.0.selector": "content.guide.rule.stepElement",
      "config.steps.0.message": "message is required",
    });
  });

  test("a checklist step stores its action's own fields only, and the rules of each action", () => {
    const form = outboundFormFromRecord(
      "checklist",
      stored("checklist", {
        subject: "Start",
        steps: [{ id: "a", title: "A", action: "BOT", botId: "b1", actionTitle: "Chat", duration: 3 }],
      }),
    );
    const [first] = form.config.steps;
    if (!first) throw new Error("no step");
    expect(first).toMatchObject({ action: "BOT", botId: "b1", actionTitle: "Chat", duration: "3" });
    // Switched to a redirect: the bot id goes, the address and new-tab flag come.
    const redirect = {
      ...first,
      action: "REDIRECT_URL" as const,
      actionBody: "/pricing",
      actionOpenInNewTab: true,
    };
    const request = outboundRequestFromForm({ ...form, config: { ...form.config, steps: [redirect] } });
    expect(request.config.steps).toEqual([
      {
        id: "a",
        title: "A",
        allowMarkDone: true,
        action: "REDIRECT_URL",
        actionTitle: "Chat",
        actionBody: "/pricing",
        actionOpenInNewTab: true,
        duration: 3,
      },
    ]);
    const broken = (change: Partial<typeof first>) =>
      validateOutboundForm({ ...form, config: { ...form.config, steps: [{ ...first, ...change }] } });
    expect(broken({ action: "REDIRECT_URL", actionBody: "javascript:alert(1)" })).toEqual({
      "config.steps.0.actionBody": "content.guide.rule.redirectAddress",
    });
    expect(broken({ action: "HELP_ARTICLE" })).toEqual({
      "config.steps.0.articleId": "content.guide.rule.article",
    });
    expect(broken({ duration: "soon" })).toEqual({
      "config.steps.0.duration": "content.guide.rule.duration",
    });
    expect(broken({ duration: "1.5" })).toEqual({ "config.steps.0.duration": "content.guide.rule.duration" });
  });

  test("a tour without steps is not sent (the server refuses it): the first step is asked for", () => {
    const form = emptyOutboundForm("tour");
    expect(validateOutboundForm({ ...form, name: "Welcome" })).toEqual({
      "config.steps": "content.rule.steps",
    });
  });
});

describe("list edits", () => {
  test("replace, remove and move one place, unchanged at either end", () => {
    expect(replaceAt([1, 2, 3], 1, 9)).toEqual([1, 9, 3]);
    expect(removeAt([1, 2, 3], 0)).toEqual([2, 3]);
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe("priority, frequency and schedule", () => {
  const banner = (): OutboundFormState<"banner"> => ({
    ...emptyOutboundForm("banner"),
    name: "B",
    config: { ...emptyOutboundForm("banner").config, title: "T" },
  });

  test("are read from the record as the inputs show them and written back as stored", () => {
    const record = {
      ...stored("banner", { title: "T" }),
      priority: -4,
      frequency: "visit" as const,
      startsAt: "2026-12-01T09:30:00.000Z",
      endsAt: null,
    };
    const form = outboundFormFromRecord("banner", record);
    // datetime-local shows the admin's own clock; the form writes the same instant back.
    expect(form.schedule).toEqual({
      priority: "-4",
      frequency: "visit",
      startsAt: localInputOf("2026-12-01T09:30:00.000Z"),
      endsAt: "",
    });
    expect(outboundRequestFromForm(form)).toMatchObject({
      priority: -4,
      frequency: "visit",
      startsAt: "2026-12-01T09:30:00.000Z",
      endsAt: null,
    });
  });

  test("an empty priority is 0; a fraction, text or a value out of range is refused", () => {
    const form = banner();
    expect(outboundRequestFromForm({ ...form, schedule: { ...form.schedule, priority: " " } }).priority).toBe(
      0,
    );
    for (const priority of ["1.5", "high", "101", "-101"]) {
      expect(validateOutboundForm({ ...form, schedule: { ...form.schedule, priority } })).toEqual({
        priority: "content.rule.priority",
      });
    }
    expect(validateOutboundForm({ ...form, schedule: { ...form.schedule, priority: "100" } })).toEqual({});
  });

  test("the end must come after the start; either alone is fine", () => {
    const form = banner();
    const at = (startsAt: string, endsAt: string) =>
      validateOutboundForm({ ...form, schedule: { ...form.schedule, startsAt, endsAt } });
    expect(at("2026-12-02T10:00", "2026-12-02T10:00")).toEqual({ endsAt: "content.rule.endsAfterStarts" });
    expect(at("2026-12-02T10:00", "2026-12-01T10:00")).toEqual({ endsAt: "content.rule.endsAfterStarts" });
    expect(at("2026-12-02T10:00", "2026-12-02T10:01")).toEqual({});
    expect(at("2026-12-02T10:00", "")).toEqual({});
    expect(at("", "2026-12-02T10:00")).toEqual({});
  });

  test("checklists have none: their request leaves the fields to the server's defaults", () => {
    const checklist = emptyOutboundForm("checklist");
    const request = outboundRequestFromForm({
      ...checklist,
      schedule: { priority: "oops", frequency: "until_closed", startsAt: "2026-12-02T10:00", endsAt: "" },
    });
    expect(request).not.toHaveProperty("priority");
    expect(request).not.toHaveProperty("frequency");
    expect(
      validateOutboundForm({ ...checklist, schedule: { ...checklist.schedule, priority: "oops" } }),
    ).not.toHaveProperty("priority");
  });
});
