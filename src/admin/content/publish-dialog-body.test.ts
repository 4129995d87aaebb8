import { describe, expect, test } from "bun:test";
import type { PublishPreview } from "../../shared/publish-preview-api.ts";
import { registerMessages, translator } from "../i18n/intl.ts";
import { contentMessagesDe, contentMessagesEnUS } from "./content-messages.ts";
import { publishDialogBody } from "./publish-dialog-body.ts";

// The content area's texts, as its lazy chunk registers them.
registerMessages(contentMessagesEnUS, contentMessagesDe);

const welcome = { id: "w", name: "Welcome", type: "banner" as const, priority: 0 };
const sale = { id: "s", name: "Sale", type: "banner" as const, priority: 5 };
const preview = (change: Partial<PublishPreview> = {}): PublishPreview => ({
  matchingVisitors: 0,
  queuedBehind: [],
  goesBefore: [],
  ...change,
});
const body = (locale: "en-US" | "de", value: PublishPreview | null, startsAt: string | null = null) =>
  publishDialogBody(translator(locale), {
    preview: value,
    startsAt,
    now: new Date("2026-11-23T10:00:00Z"),
    formatDateTime: (iso) => `<${iso}>`,
  });

describe("publish dialog body", () => {
  test("says how many visitors match, and goes live at once only when nothing holds it back", () => {
    expect(body("en-US", preview({ matchingVisitors: 1 }))).toBe(
      "1 visitor with the site open matches its pages and audience right now. It goes live at once: they see it now, and new visitors as they arrive.",
    );
    expect(body("en-US", preview({ matchingVisitors: 0 }))).toStartWith(
      "No visitor with the site open matches",
    );
    expect(body("de", preview({ matchingVisitors: 2 }))).toStartWith(
      "Gerade passen 2 Besucher mit offener Website zu Seiten und Zielgruppe.",
    );
  });

  test("names what it queues behind, and never says at once then", () => {
    const one = body("en-US", preview({ matchingVisitors: 1, queuedBehind: [welcome] }));
    expect(one).toContain("It waits behind “Welcome”, live on the same pages");
    expect(one).not.toContain("at once");
    const two = body("en-US", preview({ queuedBehind: [sale, welcome] }));
    expect(two).toContain("It waits behind 2 items live on the same pages (“Sale”, “Welcome”)");
    expect(body("de", preview({ queuedBehind: [welcome] }))).toContain("Es wartet hinter „Welcome“");
  });

  test("goes first over lower priorities; waits for a start in the future", () => {
    expect(body("en-US", preview({ goesBefore: [welcome] }))).toContain(
      "so it goes first. It goes live at once",
    );
    const later = body("en-US", preview(), "2026-12-01T09:00:00Z");
    expect(later).toContain("It goes live on <2026-12-01T09:00:00Z>");
    expect(later).not.toContain("at once");
    expect(body("en-US", preview(), "2026-11-01T09:00:00Z")).toContain("at once");
  });

  test("without a preview it promises nothing it cannot know", () => {
    expect(body("en-US", null)).toBe(
      "Visitors whose page and audience match get it; where other content of the same kind is showing, it waits its turn.",
    );
  });
});
