import { describe, expect, test } from "bun:test";
import type { AdminFeedbackFlow, FeedbackFlow } from "../../../shared/feedback-flows-api.ts";
import type {
  AdminHelpArticle,
  AdminHelpCollection,
  HelpArticle,
  HelpSearchPreview,
} from "../../../shared/help-center-api.ts";
import type { AdminProjectSettings } from "../../../shared/inbox-api.ts";
import type { MessengerHome } from "../../../shared/messenger-home-api.ts";
import type { AdminNewsPost, NewsPost, NewsSummary } from "../../../shared/news-api.ts";
import type { TipTapDoc } from "../../../shared/tiptap-doc.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { call, startSession, type TestSession } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * Content in the widget's languages through the real server: default feedback flows, news and the
 * help center as a German, an Arabic and any other visitor read them, and what the admin writes.
 */

const t = startedBeforeAll(startMessengerTest);

/** A widget session of project `sdkKey` whose loader said `lang` (the widget's language). */
async function sessionIn(lang: string, sdkKey = "demo"): Promise<TestSession & { sdkKey: string }> {
  return { ...(await startSession(t.mainUrl, lang, sdkKey)), sdkKey };
}

async function read<T>(session: TestSession & { sdkKey: string }, path: string): Promise<T> {
  const response = await fetch(`${t.mainUrl}/api/widget${path}`, {
    headers: { "Api-Token": session.sdkKey, "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const doc = (text: string): TipTapDoc => ({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text }] }],
});

const texts = (flow: FeedbackFlow) => ({
  title: flow.title,
  description: flow.description,
  successMessage: flow.successMessage,
  fields: flow.fields.map((field) => [field.label, field.placeholder ?? null]),
});

describe("the default feedback flows", () => {
  test("a new project's bug form in German, Arabic and English; any other language reads English", async () => {
    const project = await t.api.create<AdminProjectSettings>("/api/projects", { name: "Polyglot" });
    const bug = (lang: string) =>
      sessionIn(lang, project.sdkKey).then((session) => read<FeedbackFlow>(session, "/flows/bugreporting"));

    expect(texts(await bug("de-DE"))).toEqual({
      title: "Fehler melden",
      description:
        "Funktioniert etwas nicht? Beschreiben Sie es uns und fügen Sie einen Screenshot oder eine Aufnahme hinzu.",
      successMessage: "Danke für Ihre Meldung! Unser Team sieht sich jede einzelne an.",
      fields: [
        [
          "Was ist schiefgelaufen?",
          "Was haben Sie getan, was haben Sie erwartet und was ist stattdessen passiert?",
        ],
        ["Ihre E-Mail-Adresse", "name@beispiel.de"],
        ["Screenshot oder Aufnahme", null],
      ],
    });
    expect(texts(await bug("ar"))).toEqual({
      title: "الإبلاغ عن خطأ",
      description: "هل هناك شيء لا يعمل؟ أخبرنا وأرفق لقطة شاشة أو تسجيلًا.",
      successMessage: "شكرًا على بلاغك! يراجع فريقنا كل بلاغ يصله.",
      fields: [
        ["ما المشكلة التي واجهتها؟", "ماذا فعلت، وماذا توقعت، وماذا حدث بدلًا من ذلك؟"],
        ["بريدك الإلكتروني", "name@example.com"],
        ["لقطة شاشة أو تسجيل", null],
      ],
    });
    const english = texts(await bug("en-US"));
    expect(english.title).toBe("Report a bug");
    expect(english.fields[0]).toEqual([
      "What went wrong?",
      "What did you do, what did you expect, and what happened instead?",
    ]);
    expect(texts(await bug("fr"))).toEqual(english);
    // Still Gleap's flow format: the same keys, types and rules in every language.
    const german = await bug("de");
    expect(german.fields.map((field) => [field.key, field.type, field.required ?? false])).toEqual([
      ["description", "textarea", true],
      ["reportedBy", "email", false],
      ["capture", "capture", false],
    ]);
    expect(Object.keys(german).sort()).toEqual(Object.keys(await bug("en")).sort());
  });

  test("flows stored before translations existed (the demo's) read translated; `?lang=` wins over the session's", async () => {
    const [row] = await t.api.sql`SELECT translations FROM feedback_flows
      WHERE project_id = ${t.projectId} AND flow_key = ${"contact"}`;
    expect(row.translations).toBe("{}");
    const english = await sessionIn("en");
    const contact = await read<FeedbackFlow>(english, "/flows/contact?lang=ar");
    expect(contact.title).toBe("تواصل معنا");
    expect(contact.fields.map((field) => field.label)).toEqual(["اسمك", "البريد الإلكتروني", "الرسالة"]);
    expect((await read<FeedbackFlow>(english, "/flows/contact")).title).toBe("Contact us");

    const home = await read<MessengerHome>(await sessionIn("de"), "/messenger/home");
    expect(home.flows.map((flow) => flow.title)).toEqual([
      "Fehler melden",
      "Funktion vorschlagen",
      "Kontakt aufnehmen",
    ]);
  });

  test("the admin's own wording stays until they translate it; their translation wins; empty texts fall back", async () => {
    const stored = await t.create<AdminFeedbackFlow>("/feedback-flows", {
      key: "bugs-own",
      title: "Found a glitch?",
      description: "Something not working? Tell us and add a screenshot or a recording.",
      feedbackType: "BUG",
      fields: [
        { key: "description", type: "textarea", label: "What went wrong?", required: true },
        { key: "area", type: "select", label: "Where?", options: ["Editor", "Export"] },
      ],
      status: "live",
      translations: {
        de: {
          title: "  ",
          fields: {
            area: { label: "Wo?", options: ["Editor", "Exportieren"] },
            description: { label: "" },
          },
        },
        ar: { title: "وجدت خللًا؟" },
      },
    });
    // Stored trimmed, empty texts left out.
    expect(stored.translations).toEqual({
      de: { fields: { area: { label: "Wo?", options: ["Editor", "Exportieren"] } } },
      ar: { title: "وجدت خللًا؟" },
    });
    const german = await read<FeedbackFlow>(await sessionIn("de"), "/flows/bugs-own");
    // Their title has no German version: it shows as written. The unchanged default texts translate.
    expect(german.title).toBe("Found a glitch?");
    expect(german.description).toContain("Funktioniert etwas nicht?");
    expect(german.fields.map((field) => field.label)).toEqual(["Was ist schiefgelaufen?", "Wo?"]);
    expect(german.fields[1]?.options).toEqual(["Editor", "Exportieren"]);
    const arabic = await read<FeedbackFlow>(await sessionIn("ar"), "/flows/bugs-own");
    expect(arabic.title).toBe("وجدت خللًا؟");
    expect(arabic.fields[1]?.options).toEqual(["Editor", "Export"]);
    expect(await t.adminGet<AdminFeedbackFlow>(`/feedback-flows/${stored.id}`)).toEqual(stored);
  });

  test("a translation of a field the flow does not have, or with another number of choices, is a 400", async () => {
    const base = {
      key: "refused",
      title: "Refused",
      feedbackType: "BUG",
      fields: [{ key: "area", type: "select", label: "Where?", options: ["Editor", "Export"] }],
      status: "live",
    };
    const response = await t.api.call("POST", `/api/projects/${t.projectId}/feedback-flows`, {
      ...base,
      translations: { de: { fields: { nothere: { label: "Nichts" } } } },
    });
    await expectError(response, 400, {
      error: "The de translation names no field nothere of the flow",
      field: "translations.de.fields.nothere",
    });
    const choices = await t.api.call("POST", `/api/projects/${t.projectId}/feedback-flows`, {
      ...base,
      translations: { ar: { fields: { area: { options: ["المحرر"] } } } },
    });
    await expectError(choices, 400, {
      error: "The ar translation of area must offer 2 options, as the field does",
      field: "translations.ar.fields.area.options",
    });
    const language = await t.api.call("POST", `/api/projects/${t.projectId}/feedback-flows`, {
      ...base,
      translations: { fr: { title: "Refusé" } },
    });
    expect(language.status).toBe(400);
    const [row] = await t.api.sql`SELECT count(*) AS n FROM feedback_flows WHERE flow_key = ${"refused"}`;
    expect(Number(row.n)).toBe(0);
  });
});

describe("news in the widget's languages", () => {
  test("a post written in German shows in German to German visitors, in English to others", async () => {
    const post = await t.create<AdminNewsPost>("/news", {
      title: "Offline spaces",
      preview: "Work without a connection",
      body: "",
      bodyDoc: doc("Spaces now sync when you are back online."),
      status: "live",
      translations: {
        de: {
          title: "Offline-Bereiche",
          preview: "",
          bodyDoc: doc("Bereiche synchronisieren sich später."),
        },
      },
    });
    expect(post.translations.de).toEqual({
      title: "Offline-Bereiche",
      preview: "",
      body: "<p>Bereiche synchronisieren sich später.</p>",
      bodyDoc: doc("Bereiche synchronisieren sich später."),
    });
    const german = await sessionIn("de-CH");
    const arabic = await sessionIn("ar");
    const list = await read<NewsSummary[]>(german, "/news");
    // The preview has no German version: the English one.
    expect(list.find((entry) => entry.id === post.id)).toMatchObject({
      title: "Offline-Bereiche",
      preview: "Work without a connection",
    });
    expect(await read<NewsPost>(german, `/news/${post.id}`)).toMatchObject({
      title: "Offline-Bereiche",
      body: "<p>Bereiche synchronisieren sich später.</p>",
    });
    expect(await read<NewsPost>(arabic, `/news/${post.id}`)).toMatchObject({
      title: "Offline spaces",
      body: "<p>Spaces now sync when you are back online.</p>",
    });
    expect((await read<NewsPost>(arabic, `/news/${post.id}?lang=de`)).title).toBe("Offline-Bereiche");
    const home = await read<MessengerHome>(german, "/messenger/home");
    expect(home.news.find((entry) => entry.id === post.id)?.title).toBe("Offline-Bereiche");
    expect(await t.adminGet<AdminNewsPost>(`/news/${post.id}`)).toEqual(post);
  });

  test("a translation's body is sanitized like the English one; a version needs its title", async () => {
    const post = await t.create<AdminNewsPost>("/news", {
      title: "Hostile",
      body: "<p>Fine</p>",
      status: "draft",
      translations: {
        ar: { title: "عدائي", body: '<p onclick="alert(1)">نص<script>alert(1)</script></p>' },
      },
    });
    expect(post.translations.ar?.body).toBe("<p>نص</p>");
    const refused = await t.api.call("POST", `/api/projects/${t.projectId}/news`, {
      title: "No title",
      body: "",
      status: "draft",
      translations: { de: { title: "", body: "<p>Text</p>" } },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { field: string }).field).toBe("translations.de.title");
  });
});

describe("the help center in Arabic", () => {
  test("an Arabic version is written, read, searched and previewed like the German one", async () => {
    const collection = await t.create<AdminHelpCollection>("/help/collections", {
      title: "Billing",
      translations: { ar: { title: "الفوترة" }, de: { title: "Abrechnung" } },
    });
    expect(collection.translations).toEqual({
      de: { title: "Abrechnung", description: "" },
      ar: { title: "الفوترة", description: "" },
    });
    const article = await t.create<AdminHelpArticle>("/help/articles", {
      collectionId: collection.id,
      title: "Pay by card",
      bodyDoc: doc("Cards are charged monthly."),
      status: "live",
      translations: { ar: { title: "الدفع بالبطاقة", bodyDoc: doc("تُخصم البطاقات شهريًا من حساب زمرّد.") } },
    });
    expect(article.translations.ar?.body).toBe("<p>تُخصم البطاقات شهريًا من حساب زمرّد.</p>");
    const arabic = await sessionIn("ar-EG");
    expect(await read<HelpArticle>(arabic, `/help/articles/${article.id}`)).toMatchObject({
      title: "الدفع بالبطاقة",
      body: "<p>تُخصم البطاقات شهريًا من حساب زمرّد.</p>",
    });
    // No German version of the article: German visitors read English.
    expect((await read<HelpArticle>(await sessionIn("de"), `/help/articles/${article.id}`)).title).toBe(
      "Pay by card",
    );
    const found = await read<Array<{ id: string }>>(arabic, `/help/search?q=${encodeURIComponent("زمرّد")}`);
    expect(found.map((result) => result.id)).toEqual([article.id]);
    const preview = await t.adminGet<HelpSearchPreview>(
      `/help/search-preview?q=${encodeURIComponent("زمرّد")}&lang=ar`,
    );
    expect(preview.language).toBe("ar");
    expect(preview.results.map((result) => result.id)).toEqual([article.id]);
  });
});

/** Reads as the widget session through the shared helper too (keeps `call` exercised with lang). */
test("a session's language comes from the session start when the request names none", async () => {
  const session = await sessionIn("ar");
  const response = await call(t.mainUrl, session, "GET", "/flows/bugreporting");
  expect(((await response.json()) as FeedbackFlow).title).toBe("الإبلاغ عن خطأ");
});
