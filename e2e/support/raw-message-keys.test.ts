import { describe, expect, test } from "bun:test";
import { adminMessageIds, rawKeyFinder } from "./raw-message-keys.ts";

describe("raw translation keys on a screen", () => {
  const ids = adminMessageIds();
  const rawKeys = rawKeyFinder(ids);

  test("reads the ids of every admin catalogue, the core one too", () => {
    for (const id of [
      "jobForm.cancel",
      "content.bulk.unpublishTitle",
      "app.name",
      "projectSettings.subtitle",
    ]) {
      expect(ids.has(id)).toBe(true);
    }
  });

  test("finds a catalogue's id, alone or inside a sentence", () => {
    expect(rawKeys("jobForm.cancel")).toEqual(["jobForm.cancel"]);
    expect(rawKeys("Save or jobForm.cancel.")).toEqual(["jobForm.cancel"]);
    expect(rawKeys("ada · (content.publishedAt)")).toEqual(["content.publishedAt"]);
  });

  test("finds a key that is in no catalogue by its shape", () => {
    expect(rawKeys("helpCenter.newArticle")).toEqual(["helpCenter.newArticle"]);
    expect(rawKeys("content.kind.somethingNew")).toEqual(["content.kind.somethingNew"]);
    expect(rawKeys("user.export")).toEqual(["user.export"]);
  });

  test("leaves words, host names, addresses and file names alone", () => {
    for (const text of [
      "Cancel",
      "Abbrechen",
      "acme.test",
      "www.example.com",
      "ada@example.com",
      "https://acme.test/notes/42",
      "notes.pdf",
      "e.g. this",
      "Version 1.2.3",
      "Live for 8 minutes.",
      "Type {{visitor.name}} to greet them",
    ]) {
      expect(rawKeys(text)).toEqual([]);
    }
  });
});
