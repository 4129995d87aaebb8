import { describe, expect, test } from "bun:test";
import { createIntl } from "@formatjs/intl";
import { validate } from "superstruct";
import {
  type AdminHelpArticle,
  HelpArticleWrite,
  HelpCollectionWrite,
} from "../../shared/help-center-api.ts";
import { botMessagesDe, botMessagesEnUS } from "../bots/bot-messages.ts";
import { textDoc } from "../content/content-test-kit.ts";
import { expectEveryTextFormats } from "../test-support/expect-every-text-formats.ts";
import {
  articleErrors,
  articleForm,
  articleWrite,
  hasVersion,
  languageWithError,
  newArticleForm,
  withEnglishTitle,
  withVersion,
} from "./article-form-state.ts";
import {
  collectionErrors,
  collectionForm,
  collectionLanguageWithError,
  collectionWrite,
} from "./collection-form-state.ts";
import { helpMessagesDe, helpMessagesEnUS } from "./help-messages.ts";

describe("help article form", () => {
  test("the slug follows the English title until the author writes one", () => {
    let form = withEnglishTitle(newArticleForm("c1"), "Reset your password");
    expect(form.slug).toBe("reset-your-password");
    form = { ...form, slug: "reset", slugEdited: true };
    expect(withEnglishTitle(form, "Reset it now").slug).toBe("reset");
  });

  test("another language's version needs its own title once anything of it is written; none is sent when all is empty", () => {
    const form = withVersion(withEnglishTitle(newArticleForm("c1"), "Invoices"), "en", {
      body: textDoc("Billing"),
    });
    expect(articleErrors(form)).toEqual({});
    expect(hasVersion(form, "de")).toBe(false);
    expect(articleWrite(form).translations).toEqual({ de: null, ar: null });
    const halfGerman = withVersion(form, "de", { body: textDoc("Abrechnung") });
    expect(articleErrors(halfGerman)).toEqual({ "de.title": "versionTitle" });
    expect(languageWithError(articleErrors(halfGerman))).toBe("de");
    const halfArabic = withVersion(form, "ar", { description: "الفواتير الشهرية" });
    expect(articleErrors(halfArabic)).toEqual({ "ar.title": "versionTitle" });
    expect(languageWithError(articleErrors(halfArabic))).toBe("ar");
    // An editor's empty paragraph is nothing written.
    expect(
      hasVersion(withVersion(form, "de", { body: { type: "doc", content: [{ type: "paragraph" }] } }), "de"),
    ).toBe(false);
    // Another language's title leaves the slug to the English one.
    const german = withVersion(halfGerman, "de", { title: "Rechnungen" });
    expect(german.slug).toBe("invoices");
    const write = articleWrite(german);
    expect(write).toEqual({
      collectionId: "c1",
      title: "Invoices",
      description: "",
      bodyDoc: textDoc("Billing"),
      slug: "invoices",
      status: "draft",
      position: 0,
      translations: {
        de: { title: "Rechnungen", description: "", bodyDoc: textDoc("Abrechnung") },
        ar: null,
      },
    });
    expect(validate(write, HelpArticleWrite)[0]).toBeUndefined();
    const arabic = articleWrite(withVersion(german, "ar", { title: "الفواتير", body: textDoc("الفوترة") }));
    expect(arabic.translations?.ar).toEqual({
      title: "الفواتير",
      description: "",
      bodyDoc: textDoc("الفوترة"),
    });
    expect(validate(arabic, HelpArticleWrite)[0]).toBeUndefined();
  });

  test("rules: a collection, an English title, a slug of lower-case words, an order from 0 to 10,000", () => {
    const form = { ...newArticleForm(""), slug: "Not OK", position: "-1" };
    expect(articleErrors(form)).toEqual({
      collectionId: "required",
      "en.title": "required",
      slug: "slug",
      position: "position",
    });
  });

  test("a stored article opens with its documents; bodies stored as HTML go through the converter", () => {
    const article: AdminHelpArticle = {
      id: "a1",
      collectionId: "c1",
      slug: "custom",
      title: "Invoices",
      description: "PDFs",
      body: "<p>Old</p>",
      bodyDoc: null,
      status: "live",
      position: 3,
      translations: {
        de: { title: "Rechnungen", description: "", body: "<p>x</p>", bodyDoc: textDoc("Neu") },
        ar: { title: "الفواتير", description: "", body: "<p>قديم</p>", bodyDoc: null },
      },
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const converted: string[] = [];
    const form = articleForm(article, (html) => {
      converted.push(html);
      return textDoc("converted");
    });
    expect(converted).toEqual(["<p>Old</p>", "<p>قديم</p>"]);
    expect(form).toMatchObject({ slug: "custom", slugEdited: true, position: "3", status: "live" });
    expect(form.versions.en.body).toEqual(textDoc("converted"));
    expect(form.versions.de.body).toEqual(textDoc("Neu"));
    expect(form.versions.ar.title).toBe("الفواتير");
  });
});

describe("help collection form", () => {
  test("a title and description per language, order, and the rules", () => {
    const empty = collectionForm(null, 4);
    const form = {
      ...empty,
      versions: {
        en: { title: "Billing", description: "" },
        de: { title: "Abrechnung", description: "" },
        ar: { title: "", description: "" },
      },
    };
    expect(form.position).toBe("4");
    expect(collectionErrors(form)).toEqual({});
    const write = collectionWrite(form);
    expect(write).toEqual({
      title: "Billing",
      description: "",
      icon: "",
      position: 4,
      translations: { de: { title: "Abrechnung", description: "" }, ar: null },
    });
    expect(validate(write, HelpCollectionWrite)[0]).toBeUndefined();
    const blank = { ...form, versions: { ...form.versions, de: { title: " ", description: "" } } };
    expect(collectionWrite(blank).translations).toEqual({ de: null, ar: null });
    const broken = {
      ...form,
      position: "x",
      versions: {
        en: { title: "", description: "" },
        de: { title: "", description: "Nur Deutsch" },
        ar: { title: "", description: "عربي فقط" },
      },
    };
    expect(collectionErrors(broken)).toEqual({
      "en.title": "required",
      position: "position",
      "de.title": "versionTitle",
      "ar.title": "versionTitle",
    });
    expect(collectionLanguageWithError(collectionErrors(broken))).toBe("en");
  });
});

describe("help and bot texts", () => {
  test("every text of both languages formats (valid ICU), with the placeholders the screens pass", () => {
    const values = {
      count: 2,
      title: "T",
      name: "N",
      icon: "rocket",
      n: 3,
      step: 2,
      summary: "Message",
      position: 1,
      rank: 1,
      language: "de",
    };
    expectEveryTextFormats(
      { "en-US": { ...helpMessagesEnUS, ...botMessagesEnUS }, de: { ...helpMessagesDe, ...botMessagesDe } },
      values,
    );
    const german = createIntl({ locale: "de", messages: helpMessagesDe });
    expect(german.formatMessage({ id: "help.field.titleIn" }, { language: "ar" })).toBe("Arabischer Titel");
    expect(german.formatMessage({ id: "help.field.titleIn" }, { language: "en" })).toBe("Titel");
    expect(german.formatMessage({ id: "help.collection.articles" }, { count: 1 })).toBe("1 Artikel");
    expect(german.formatMessage({ id: "help.confirm.deleteCollectionBody" }, { count: 2 })).toBe(
      "Ihre 2 Artikel werden mit ihr gelöscht.",
    );
  });
});
