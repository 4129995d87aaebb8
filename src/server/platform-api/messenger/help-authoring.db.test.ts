import { describe, expect, test } from "bun:test";
import type { AdminBot, Bot } from "../../../shared/bots-api.ts";
import type {
  AdminHelpArticle,
  AdminHelpCollection,
  HelpArticle,
  HelpCollection,
  HelpSearchPreview,
  HelpSearchResult,
} from "../../../shared/help-center-api.ts";
import type { TipTapDoc } from "../../../shared/tiptap-doc.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { startSession, type TestSession } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * Through the real server: help articles and collections in English and
 * German as the admin writes them (a rich-text document per version, a slug), what visitors of each
 * language read and find, the admin's search preview, and a bot's choice field.
 */

const t = startedBeforeAll(startMessengerTest);

/** A widget session whose loader said `lang` (as it does when the widget's language is German). */
const sessionIn = (lang: string): Promise<TestSession> => startSession(t.mainUrl, lang);

const doc = (...paragraphs: string[]): TipTapDoc => ({
  type: "doc",
  content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
});

/** Text that looks like markup, and a link: the text stays text, the link keeps its safe address. */
const markupDoc: TipTapDoc = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        {
          type: "text",
          text: "Klick <script>alert(1)</script>",
          marks: [{ type: "link", attrs: { href: "https://example.com/hilfe" } }],
        },
      ],
    },
  ],
};

async function createCollection(title: string): Promise<AdminHelpCollection> {
  return t.create<AdminHelpCollection>("/help/collections", {
    title,
    description: "Everything about accounts",
    icon: "user",
    position: 1,
    translations: { de: { title: `${title} (de)`, description: "" } },
  });
}

describe("help articles in English and German", () => {
  test("the admin writes both versions as documents; the stored HTML is rendered and sanitized", async () => {
    const collection = await createCollection("Konten");
    expect(collection.translations).toEqual({ de: { title: "Konten (de)", description: "" } });
    const article = await t.create<AdminHelpArticle>("/help/articles", {
      collectionId: collection.id,
      title: "Reset your password!",
      description: "When you forgot it",
      bodyDoc: doc("Open the quokkafield settings."),
      status: "live",
      translations: {
        de: { title: "Passwort zurücksetzen", description: "", bodyDoc: markupDoc },
      },
    });
    expect(article.slug).toBe("reset-your-password");
    expect(article.body).toBe("<p>Open the quokkafield settings.</p>");
    expect(article.bodyDoc).toEqual(doc("Open the quokkafield settings."));
    const german = article.translations.de;
    expect(german?.title).toBe("Passwort zurücksetzen");
    expect(german?.bodyDoc).toEqual(markupDoc);
    expect(german?.body).toBe(
      '<p><a href="https://example.com/hilfe" rel="noopener noreferrer nofollow">Klick &lt;script&gt;alert(1)&lt;/script&gt;</a></p>',
    );
    const [row] = await t.api.sql`SELECT body_text, translations FROM help_articles WHERE id = ${article.id}`;
    expect(row.body_text).toBe("Open the quokkafield settings.");
    expect(JSON.parse(row.translations).de.bodyText).toBe("Klick <script>alert(1)</script>");
    expect(await auditActions(t.api.sql, article.id)).toEqual(["help_article.create"]);
    expect(await t.adminGet<AdminHelpArticle>(`/help/articles/${article.id}`)).toEqual(article);
  });

  test("visitors read the version of their language, English where a field has none; found by id or slug", async () => {
    const collection = await createCollection("Rechnungen");
    const article = await t.create<AdminHelpArticle>("/help/articles", {
      collectionId: collection.id,
      title: "Download invoices",
      slug: "invoices-download",
      description: "Monthly PDFs",
      bodyDoc: doc("Invoices live under billing."),
      status: "live",
      translations: {
        de: { title: "Rechnungen herunterladen", bodyDoc: doc("Rechnungen liegen unter Abrechnung.") },
      },
    });
    const german = await sessionIn("de-AT");
    const english = await sessionIn("en");
    const read = (session: TestSession, path: string) => t.widgetGet<HelpArticle>(session, path);

    const inGerman = await read(german, `/help/articles/${article.id}`);
    expect(inGerman).toMatchObject({
      title: "Rechnungen herunterladen",
      description: "Monthly PDFs",
      body: "<p>Rechnungen liegen unter Abrechnung.</p>",
    });
    expect(await read(german, "/help/articles/invoices-download")).toEqual(inGerman);
    expect((await read(english, `/help/articles/${article.id}`)).title).toBe("Download invoices");
    // `?lang=` names the language for this request, whatever the session said.
    expect((await read(english, `/help/articles/${article.id}?lang=de`)).title).toBe(
      "Rechnungen herunterladen",
    );
    // A language nobody authored reads English.
    expect((await read(english, `/help/articles/${article.id}?lang=fr`)).title).toBe("Download invoices");

    const collections = await t.widgetGet<HelpCollection[]>(german, "/help/collections");
    expect(collections.find((item) => item.id === collection.id)).toMatchObject({
      title: "Rechnungen (de)",
      description: "Everything about accounts",
    });
    const opened = await t.widgetJson<{ articles: Array<{ title: string }> }>(
      german,
      "GET",
      `/help/collections/${collection.id}`,
      undefined,
      200,
    );
    expect(opened.articles.map((item) => item.title)).toEqual(["Rechnungen herunterladen"]);

    const search = (session: TestSession, q: string) =>
      t.widgetGet<HelpSearchResult[]>(session, `/help/search?q=${encodeURIComponent(q)}`);
    expect((await search(german, "Abrechnung")).map((result) => result.id)).toEqual([article.id]);
    expect(await search(english, "Abrechnung")).toEqual([]);
    expect((await search(english, "billing")).map((result) => result.id)).toContain(article.id);
  });

  test("slugs: made from the title when none is sent, unique in the project (409), lower-case words only (400)", async () => {
    const collection = await createCollection("Slugs");
    const write = { collectionId: collection.id, title: "Größe ändern", body: "<p>x</p>", status: "draft" };
    const first = await t.create<AdminHelpArticle>("/help/articles", write);
    expect(first.slug).toBe("grosse-andern");
    await expectError(await t.api.call("POST", `/api/projects/${t.projectId}/help/articles`, write), 409, {
      error: "Another article of this project has this slug",
      field: "slug",
    });
    const second = await t.create<AdminHelpArticle>("/help/articles", { ...write, slug: "resize" });
    await t.admin("PUT", `/help/articles/${second.id}`, { ...write, slug: "grosse-andern" }, 409);
    expect((await t.adminGet<AdminHelpArticle>(`/help/articles/${second.id}`)).slug).toBe("resize");
    const bad = await t.api.call("POST", `/api/projects/${t.projectId}/help/articles`, {
      ...write,
      slug: "Not OK",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe("slug");
    // A document whose link would run script is refused, not stored cut.
    const unsafe = await t.api.call("POST", `/api/projects/${t.projectId}/help/articles`, {
      ...write,
      slug: "unsafe",
      bodyDoc: {
        type: "doc",
        content: [
          {
            type: "paragraph",
            content: [
              { type: "text", text: "x", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] },
            ],
          },
        ],
      },
    });
    expect(unsafe.status).toBe(400);
    expect(((await unsafe.json()) as { field: string }).field).toBe("bodyDoc");
    const notDoc = await t.api.call("POST", `/api/projects/${t.projectId}/help/articles`, {
      ...write,
      slug: "other",
      translations: { de: { title: "T", bodyDoc: { type: "paragraph" } } },
    });
    expect(notDoc.status).toBe(400);
    expect(((await notDoc.json()) as { field: string }).field).toBe("translations.de.bodyDoc");
  });
});

describe("the admin's search preview", () => {
  test("ranks as the messenger does, per language, with drafts on request", async () => {
    const collection = await createCollection("Vorschau");
    const write = (title: string, text: string, status: string, german: string) => ({
      collectionId: collection.id,
      title,
      bodyDoc: doc(text),
      status,
      translations: { de: { title: german, bodyDoc: doc(text) } },
    });
    const live = await t.create<AdminHelpArticle>(
      "/help/articles",
      write("Zebracorn setup", "Pair the zebracorn with your phone.", "live", "Zebracorn einrichten"),
    );
    const other = await t.create<AdminHelpArticle>(
      "/help/articles",
      write("Night mode", "The zebracorn sleeps at night.", "live", "Nachtmodus"),
    );
    const draft = await t.create<AdminHelpArticle>(
      "/help/articles",
      write("Zebracorn draft", "Unpublished zebracorn notes.", "draft", "Zebracorn Entwurf"),
    );
    const preview = (query: string) => t.adminGet<HelpSearchPreview>(`/help/search-preview?${query}`);

    const session = await sessionIn("de");
    const messenger = await t.widgetGet<HelpSearchResult[]>(session, "/help/search?q=zebracorn");
    const german = await preview("q=zebracorn&lang=de");
    expect(german.language).toBe("de");
    expect(german.results.map(({ status: _status, ...result }) => result)).toEqual(messenger);
    expect(german.results.map((result) => result.id)).toEqual([live.id, other.id]);
    expect(german.results[0]?.title).toBe("Zebracorn einrichten");

    const withDrafts = await preview("q=zebracorn&lang=en&drafts=true");
    expect(withDrafts.results.map((result) => [result.id, result.status])).toEqual([
      [draft.id, "draft"],
      [live.id, "live"],
      [other.id, "live"],
    ]);
    expect((await preview("q=%20")).results).toEqual([]);

    const base = `/api/projects/${t.projectId}/help/search-preview`;
    await expectError(await t.api.call("GET", `${base}?q=x&lang=fr`), 400, {
      error: "lang must be one of en, de, ar",
      field: "lang",
    });
    await expectError(await t.api.call("GET", `${base}?q=x&drafts=maybe`), 400, {
      error: "drafts must be true or false",
      field: "drafts",
    });
    await expectError(await t.api.call("GET", `${base}?q=${"a".repeat(201)}`), 400, {
      error: "q must be at most 200 characters",
      field: "q",
    });
    expect((await t.api.call("GET", "/api/projects/nope/help/search-preview?q=x")).status).toBe(404);
  });
});

describe("bots with a choice field", () => {
  test("a collect step may offer choices; one without choices is refused", async () => {
    const steps = [
      {
        id: "plan",
        type: "collect",
        text: "<p>Which plan?</p>",
        field: { key: "plan", label: "Plan", type: "choice", options: ["Free", "Pro"] },
        next: "human",
      },
      { id: "human", type: "handover" },
    ];
    const bot = await t.create<AdminBot>("/bots", { name: "Chooser", status: "live", steps });
    expect(bot.steps[0]?.field).toEqual({
      key: "plan",
      label: "Plan",
      type: "choice",
      options: ["Free", "Pro"],
    });
    const served = await t.widgetGet<Bot>(await t.session(), `/bots/${bot.id}`);
    expect(served.steps[0]?.field?.options).toEqual(["Free", "Pro"]);
    await expectError(
      await t.api.call("PUT", `/api/projects/${t.projectId}/bots/${bot.id}`, {
        name: "Chooser",
        status: "live",
        steps: [{ ...steps[0], field: { key: "plan", label: "Plan", type: "choice" } }, steps[1]],
      }),
      400,
      { error: "plan needs choices", field: "steps" },
    );
    expect(await auditActions(t.api.sql, bot.id)).toEqual(["bot.create"]);
  });
});
