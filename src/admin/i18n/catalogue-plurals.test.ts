import { describe, expect, test } from "bun:test";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { Glob } from "bun";

// A number that sits in a sentence must choose its words through the plural rules
// ("Unpublish 2 items? Visitors stop getting it." was written for one). This scans every catalogue
// there is when the test runs, so a new area's texts are held to it without being listed here.

/** Argument names that carry a number (a count, an amount, a size, a position). */
const numberLike =
  /^(?:count|n|total|number|amount|balance|coins|xp|fee|max|min|ms|mb|seconds|minutes|hours|days|rows|columns|free|open|shown|percent|position|value|scale|positive|negative|done|current|level|row|column|page|pages|size|a|b)$/;

/**
 * A number right after the name of a thing names that thing ("Step 3", "Remove field 2", "Zeile 4,
 * Spalte 1", "Mindeststufe 3"): nothing is counted. German compounds end in the noun, hence the suffix.
 */
const numberedThing =
  /(?:^|[\s(])\p{L}*(?:step|button|field|question|choice|option|answer|course|responsibility|row|column|page|level|position|item|collection|article|schritt|schaltfläche|feld|frage|auswahl|antwort|kurs|aufgabe|zeile|spalte|seite|stufe|eintrag|sammlung|artikel) $/iu;

/**
 * Messages whose numbers are right as they are, each with why. An entry that no longer applies fails
 * the test too, so the list does not outlive its reasons.
 */
const justified: Record<string, string> = {
  // The number names the thing, after another value ("Remove {what} 3", "4 · Expert").
  "content.removeNumbered": "names the item by its number",
  "skillForm.cellTaken": "a cell's position and the skill in it",
  "visitor.levelValue": "a level's number with its name",
  "list.page": "page numbers (“Page 2 of 5”), no counted noun",
  // A position or a range with no counted noun ("3 of 7", "from 0 to 100").
  "inbox.pager.position": "a position out of a total, no counted noun",
  "content.preview.stepOf": "a position out of a total, no counted noun",
  "content.survey.average": "an average on a scale, no counted noun",
  "user.coins.range": "the bounds of a range",
  "content.field.priorityHint": "the bounds of a range",
  "salary.range": "the bounds of a range, then the currency",
  "form.atLeast": "a bound, no counted noun",
  "form.atMost": "a bound, no counted noun",
  "picker.more": "“the first 20 of 80”: no counted noun",
  "flowForm.optionsHint": "a bound after “one option a line”, no counted noun",
  "subSkillForm.coursesHint": "a bound after “a title and a link each”, no counted noun",
  // Units written as symbols, and counts in brackets after a label, read the same for any number.
  "inbox.log.ms": "a unit symbol (ms)",
  "report.value.ms": "a unit symbol (ms)",
  "report.value.mb": "a unit symbol (MB)",
  "webhooks.log.duration": "a unit symbol (ms)",
  "inbox.log.console": "a count in brackets after the tab's name",
  "inbox.log.network": "a count in brackets after the tab's name",
  "inbox.log.events": "a count in brackets after the tab's name",
  "content.survey.barLabel": "a count and a percentage after a choice's label",
  "list.exporting": "a percentage",
  "messenger:conversation.uploading": "a percentage",
  "challenge.tasks.summary": "XP is an abbreviation that does not inflect (the tasks and coins use plurals)",
  // Words after the number that do not change with it in either language.
  "report.value.ratings": "“3 positive · 1 negative”: adjectives",
  "visitor.reportedCount": "“{open} open”: an adjective (the reports use a plural)",
  "dashboard.widget.unreadConversations":
    "“1 with unread messages”: the noun counts the messages, not the number",
  "skills.grid.summary": "the cells are the product rows × columns, never one in a grid the form allows",
  "skill.grid.summary": "the cells are the product rows × columns, never one in a grid the form allows",
  // The admin spec's own words (§5), which the server sends as they are and the forms match exactly.
  "form.tooShort": "the spec's exact validation text, matched against the server's",
  "form.tooLong": "the spec's exact validation text, matched against the server's",
  // The messenger's progress lines and the reference's checklist texts.
  "messenger:survey.progress": "a position out of a total (“Question 2 of 5”)",
  "messenger:home.progress": "“2 of 5 done”, no counted noun",
  "messenger:checklist.progress": "“2 of 5 done”, no counted noun",
  "messenger:checklist.timeLeft": "minutes as the abbreviation “min” / “Min.”",
  "messenger:checklist.minutes": "minutes as the abbreviation “min” / “Min.”",
};

/** The number-like arguments a message puts in as they are, with no plural or select choosing on them. */
function unpluralisedNumbers(message: string): string[] {
  const plain = new Set<string>();
  const chosen = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const [index, element] of elements.entries()) {
      const before = elements[index - 1];
      const numbersAThing = before?.type === TYPE.literal && numberedThing.test(before.value);
      if ((element.type === TYPE.argument || element.type === TYPE.number) && !numbersAThing) {
        plain.add(element.value);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        chosen.add(element.value);
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...plain].filter((name) => numberLike.test(name) && !chosen.has(name));
}

type Texts = Record<string, unknown>;
const isTexts = (value: unknown): value is Texts => typeof value === "object" && value !== null;

/** Every admin catalogue's messages, by the export they come from ("recordsMessagesDe", "de"…). */
async function adminCatalogues(): Promise<[string, Texts][]> {
  const files = [...new Glob("src/admin/**/*-messages.ts").scanSync(), "src/admin/i18n/en-US.ts"];
  const found: [string, Texts][] = [];
  for (const file of [...files, "src/admin/i18n/de.ts"]) {
    const module: Record<string, unknown> = await import(`../../../${file}`);
    for (const [name, value] of Object.entries(module)) {
      if (/(?:EnUS|De)$|^(?:enUS|de)$/.test(name) && isTexts(value)) found.push([`${file}: ${name}`, value]);
    }
  }
  return found;
}

/**
 * The messenger's catalogues (`defineTexts`, and the first screen's English with its translations in
 * a file of their own): a plural there is an object of forms, not ICU.
 */
async function messengerCatalogues(): Promise<[string, Texts][]> {
  const found: [string, Texts][] = [];
  for (const file of new Glob("src/messenger/**/*-{texts,translations}.ts").scanSync()) {
    const module: Record<string, unknown> = await import(`../../../${file}`);
    for (const [name, value] of Object.entries(module)) {
      if (!isTexts(value)) continue;
      for (const language of ["en", "de"]) {
        const texts = value[language];
        if (isTexts(texts)) found.push([`${file}: ${name}.${language}`, texts]);
      }
    }
  }
  return found;
}

describe("numbers in texts go through plural rules", () => {
  test("the scan tells a number in a plural from one put in as it is", () => {
    expect(unpluralisedNumbers("Unpublish {count} items?")).toEqual(["count"]);
    expect(unpluralisedNumbers("{count, plural, one {# item} other {# items}}")).toEqual([]);
    expect(unpluralisedNumbers("{count, plural, one {{name}} other {{name} and # more}}")).toEqual([]);
    expect(unpluralisedNumbers("Hello {name}, <b>{n}</b> new")).toEqual(["n"]);
    expect(unpluralisedNumbers("Remove step {n}")).toEqual([]);
    expect(unpluralisedNumbers("Mindeststufe {level}, Zeile {row}")).toEqual([]);
    expect(unpluralisedNumbers("At most {n} steps")).toEqual(["n"]);
    expect(unpluralisedNumbers("{total} of {count, plural, one {# item} other {# items}}")).toEqual([
      "total",
    ]);
  });

  test("every admin and messenger catalogue, in English and German", async () => {
    const admin = await adminCatalogues();
    const messenger = await messengerCatalogues();
    // The scan must see the areas it is meant to (a broken glob would pass on nothing).
    expect(admin.length).toBeGreaterThan(20);
    expect(messenger.length).toBeGreaterThan(10);

    const flagged = new Map<string, string[]>();
    const flag = (id: string, where: string) => flagged.set(id, [...(flagged.get(id) ?? []), where]);
    for (const [where, texts] of admin) {
      for (const [id, message] of Object.entries(texts)) {
        if (typeof message === "string" && unpluralisedNumbers(message).length > 0) flag(id, where);
      }
    }
    for (const [where, texts] of messenger) {
      for (const [id, message] of Object.entries(texts)) {
        // An object is already a choice of plural forms; a string must not hold a number-like slot.
        if (typeof message !== "string") continue;
        const slots = [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? "");
        if (slots.some((slot) => numberLike.test(slot))) flag(`messenger:${id}`, where);
      }
    }

    const unjustified = [...flagged]
      .filter(([id]) => !(id in justified))
      .map(([id, where]) => `${id} (${where})`);
    expect(unjustified).toEqual([]);
    const stale = Object.keys(justified).filter((id) => !flagged.has(id));
    expect(stale).toEqual([]);
  });
});
