import { describe, expect, test } from "bun:test";
import type { AdminOutbound, AdminTooltip } from "../../shared/inbox-api.ts";
import type { AdminSurvey } from "../../shared/surveys-api.ts";
import {
  everywhere,
  storedNewsPost,
  storedOutbound,
  storedTimes,
  textDoc,
  unscheduled,
} from "./content-test-kit.ts";
import { deliversRecord, deliveryFromOutbound, deliveryRequest, emptyDelivery } from "./delivery-state.ts";
import {
  emptyNewsForm,
  newsFormFromRecord,
  newsRequestFromForm,
  validateNewsForm,
} from "./news-form-state.ts";
import {
  emptySurveyForm,
  newQuestion,
  surveyFormFromRecord,
  surveyRequestFromForm,
  validateSurveyForm,
} from "./survey-form-state.ts";
import {
  emptyTooltipForm,
  tooltipFormFromRecord,
  tooltipRequestFromForm,
  validateTooltipForm,
} from "./tooltip-form-state.ts";

const times = storedTimes;

const survey: AdminSurvey = {
  id: "s1",
  title: "How are we doing?",
  description: "",
  questions: [
    { id: "q1", type: "nps", title: "Recommend us?", required: true },
    { id: "q2", type: "single", title: "Plan", options: ["Free", "Pro"] },
  ],
  allowMultipleAnswers: false,
  thankYouMessage: "Thanks",
  status: "live",
  responses: 3,
  ...times,
};

/** Where the outbounds below are shown: to anonymous visitors on the app's pages. */
const onAppPages = { pageFilter: "/app", pageFilterType: "startswith", audience: "anonymous" } as const;

const outbound = (type: AdminOutbound["type"], config: Record<string, unknown>): AdminOutbound =>
  storedOutbound(type, config, { name: "x", status: "live", ...onAppPages });

describe("tooltip form", () => {
  test("a new tooltip needs a name and a selector; offsets are sent as numbers", () => {
    expect(Object.keys(validateTooltipForm(emptyTooltipForm)).sort()).toEqual(["name", "selector"]);
    const form = {
      ...emptyTooltipForm,
      name: "Export",
      selector: "#export",
      html: "<p>CSV</p>",
      offsetX: "-8",
    };
    expect(validateTooltipForm(form)).toEqual({});
    expect(tooltipRequestFromForm(form)).toMatchObject({ offsetX: -8, offsetY: 0, page: "", pageType: "" });
  });

  test("a half-typed offset, a bad colour and a filter without its address are said at their fields", () => {
    const form = {
      ...emptyTooltipForm,
      name: "T",
      selector: "#a",
      offsetY: "-",
      color: "blue",
      pageType: "is" as const,
    };
    expect(validateTooltipForm(form)).toEqual({
      offsetY: "content.rule.number",
      color: "content.rule.color",
      page: "page is required",
    });
  });

  test("a stored tooltip reads back into the same request", () => {
    const stored: AdminTooltip = {
      id: "t1",
      name: "Tip",
      selector: ".cta",
      html: "<b>Hi</b>",
      mode: "plain",
      posX: "left",
      posY: "top",
      offsetX: 2,
      offsetY: 6,
      page: "/pricing",
      pageType: "contains",
      status: "live",
      createdAt: times.createdAt,
    };
    // The stored tooltip without its id, status and time; one stored without `animated` is animated.
    const { id, status, createdAt, ...request } = stored;
    expect(tooltipRequestFromForm(tooltipFormFromRecord(stored))).toEqual({ ...request, animated: true });
  });
});

describe("news form", () => {
  test("saving keeps the status given; a title is required; an empty cover is null", () => {
    expect(validateNewsForm(emptyNewsForm)).toEqual({ title: "title is required" });
    const body = textDoc("New");
    const form = { ...emptyNewsForm, title: " 3.0 ", body };
    expect(newsRequestFromForm(form, "live")).toEqual({
      title: "3.0",
      preview: "",
      body: "",
      bodyDoc: body,
      coverImageUrl: null,
      authorName: "",
      status: "live",
      translations: { de: null, ar: null },
    });
    // The editor's empty document stores no body.
    expect(
      newsRequestFromForm({ ...form, body: { type: "doc", content: [{ type: "paragraph" }] } }, "draft")
        .bodyDoc,
    ).toBeNull();
  });

  test("a post stored as HTML opens as a document; one written in the editor opens as written", () => {
    const post = storedNewsPost({ title: "Old", body: "<h2>Old</h2><p>Text</p>", status: "live" });
    const delivery = emptyDelivery("news");
    expect(newsFormFromRecord(post, delivery).body).toEqual({
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Old" }] },
        { type: "paragraph", content: [{ type: "text", text: "Text" }] },
      ],
    });
    const written = textDoc("New");
    expect(newsFormFromRecord({ ...post, bodyDoc: written }, delivery).body).toBe(written);
  });

  test("an announcement with a filter type needs the address", () => {
    const form = {
      ...emptyNewsForm,
      title: "T",
      delivery: { ...emptyDelivery("news"), enabled: true, pageFilterType: "is" as const },
    };
    expect(validateNewsForm(form)).toEqual({ "delivery.pageFilter": "pageFilter is required" });
    expect(validateNewsForm({ ...form, delivery: { ...form.delivery, enabled: false } })).toEqual({});
  });
});

describe("survey form", () => {
  test("questions read back as typed, choices one a line, and write the same survey", () => {
    const form = surveyFormFromRecord(survey, emptyDelivery("surveys"));
    expect(form.questions[1]?.options).toBe("Free\nPro");
    expect(surveyRequestFromForm(form, "live").questions).toEqual([
      { id: "q1", type: "nps", title: "Recommend us?", required: true },
      { id: "q2", type: "single", title: "Plan", required: false, options: ["Free", "Pro"] },
    ]);
    expect(validateSurveyForm(form)).toEqual({});
  });

  test("a choice question without choices is said at the question; ids stay unique", () => {
    const question = newQuestion(emptySurveyForm.questions, "multiple");
    expect(question.id).toBe("q2");
    const form = {
      ...emptySurveyForm,
      title: "S",
      questions: [...emptySurveyForm.questions, { ...question, title: "Which?" }],
    };
    const errors = validateSurveyForm({
      ...form,
      questions: form.questions.map((q) => ({ ...q, title: q.title || "How?" })),
    });
    expect(errors).toEqual({ "questions.1.options": "options is required" });
    expect(validateSurveyForm({ ...form, questions: [] }).questions).toBe("content.rule.questions");
  });

  test("a choice question needs two different choices: one, or one typed twice, is refused", () => {
    const base = surveyFormFromRecord(survey, emptyDelivery("surveys"));
    const withChoices = (options: string) => ({
      ...base,
      questions: base.questions.map((question) =>
        question.type === "single" ? { ...question, options } : question,
      ),
    });
    expect(validateSurveyForm(withChoices("Free"))).toEqual({
      "questions.1.options": "content.rule.twoChoices",
    });
    expect(validateSurveyForm(withChoices("Free\n Free \n"))).toEqual({
      "questions.1.options": "content.rule.twoChoices",
    });
    expect(validateSurveyForm(withChoices("Free\nTeam"))).toEqual({});
  });
});

describe("delivery", () => {
  test("a survey's delivery is the survey outbound naming it; a post's the notification linking it", () => {
    expect(deliversRecord("surveys", outbound("survey", { formId: "s1" }), "s1")).toBe(true);
    expect(deliversRecord("surveys", outbound("survey", { formId: "s2" }), "s1")).toBe(false);
    expect(deliversRecord("news", outbound("notification", { text: "x", news: { id: "n1" } }), "n1")).toBe(
      true,
    );
    expect(deliversRecord("news", outbound("banner", { news: { id: "n1" } }), "n1")).toBe(false);
  });

  test("read from the outbound, and written with the record's id and texts", () => {
    const delivery = deliveryFromOutbound(
      outbound("survey", { formId: "s1", format: "survey_full" }),
      "surveys",
    );
    expect(delivery).toEqual({
      enabled: true,
      ...onAppPages,
      format: "survey_full",
      schedule: { priority: "0", frequency: "once", startsAt: "", endsAt: "" },
    });
    expect(deliveryFromOutbound(null, "surveys").enabled).toBe(false);
    expect(deliveryRequest("surveys", survey, delivery, null)).toEqual({
      type: "survey",
      name: "How are we doing?",
      config: { formId: "s1", format: "survey_full" },
      ...onAppPages,
      ...unscheduled,
    });
    const post = storedNewsPost({ title: "Offline spaces", preview: "Sync later", authorName: "Lena" });
    expect(deliveryRequest("news", post, { ...emptyDelivery("news"), enabled: true }, null)).toEqual({
      type: "notification",
      name: "Offline spaces",
      config: {
        text: "Offline spaces",
        news: { id: "n1" },
        previewText: "Sync later",
        sender: { name: "Lena", firstName: "Lena" },
      },
      ...everywhere,
      ...unscheduled,
    });
  });

  test("a delivery keeps its priority and frequency, and its end must come after its start", () => {
    const delivery = deliveryFromOutbound(
      { ...outbound("survey", { formId: "s1" }), priority: 9, frequency: "until_closed" },
      "surveys",
    );
    expect(deliveryRequest("surveys", survey, delivery, null)).toMatchObject({
      priority: 9,
      frequency: "until_closed",
    });
    const form = surveyFormFromRecord(survey, {
      ...delivery,
      schedule: { ...delivery.schedule, startsAt: "2026-12-02T10:00", endsAt: "2026-12-01T10:00" },
    });
    expect(validateSurveyForm(form)).toEqual({ "delivery.endsAt": "content.rule.endsAfterStarts" });
  });
});
