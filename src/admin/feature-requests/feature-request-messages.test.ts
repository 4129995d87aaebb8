import { describe, expect, test } from "bun:test";
import { createIntl } from "@formatjs/intl";
import { expectEveryTextFormats } from "../test-support/expect-every-text-formats.ts";
import { featureRequestMessagesDe, featureRequestMessagesEnUS } from "./feature-request-messages.ts";

describe("feature-request texts", () => {
  test("every text of both languages formats (valid ICU) with the values the screens pass", () => {
    const values = { count: 2, title: "Dark mode", votes: 3, status: "Planned" };
    expectEveryTextFormats({ "en-US": featureRequestMessagesEnUS, de: featureRequestMessagesDe }, values);
  });

  test("counts choose their words: one duplicate, two duplicates", () => {
    const en = createIntl({ locale: "en-US", messages: featureRequestMessagesEnUS });
    const de = createIntl({ locale: "de", messages: featureRequestMessagesDe });
    const heading = (intl: typeof en, count: number) =>
      intl.formatMessage({ id: "featureRequests.merge.heading" }, { count, title: "Dark mode" });
    expect(heading(en, 1)).toBe("Merge 1 duplicate into “Dark mode”?");
    expect(heading(en, 2)).toBe("Merge 2 duplicates into “Dark mode”?");
    expect(heading(de, 1)).toBe("1 Duplikat in „Dark mode“ zusammenführen?");
    expect(heading(de, 3)).toBe("3 Duplikate in „Dark mode“ zusammenführen?");
  });
});
