import { describe, expect, test } from "bun:test";
import type { AdminFeatureRequest } from "../../shared/feature-requests-api.ts";
import { registerMessages, translator } from "../i18n/intl.ts";
import { toCsv } from "../shell/list/csv-export.ts";
import { featureRequestCsvColumns } from "./feature-request-csv.ts";
import { defaultKept, duplicatesOf } from "./feature-request-merge-choice.ts";
import { featureRequestMessagesDe, featureRequestMessagesEnUS } from "./feature-request-messages.ts";

registerMessages(featureRequestMessagesEnUS, featureRequestMessagesDe);

const request = (id: string, votes: number, createdAt: string, extra: Partial<AdminFeatureRequest> = {}) =>
  ({
    id,
    title: `Request ${id}`,
    description: "",
    status: "open",
    votes,
    approved: true,
    hidden: false,
    sessionId: null,
    createdAt,
    updatedAt: createdAt,
    ...extra,
  }) satisfies AdminFeatureRequest;

describe("the merge's kept request", () => {
  test("the most voted; on a tie the oldest", () => {
    expect(defaultKept([request("a", 2, "2026-02-01"), request("b", 5, "2026-03-01")])).toBe("b");
    expect(defaultKept([request("a", 3, "2026-02-01"), request("b", 3, "2026-01-01")])).toBe("b");
    expect(defaultKept([])).toBeNull();
  });

  test("the duplicates are every other ticked request", () => {
    expect(duplicatesOf(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("the board's CSV file", () => {
  test("quoted where needed, formulas defused, status and flags in the admin's language", () => {
    const rows = [
      request("r1", 12, "2026-01-02T03:04:05.000Z", {
        title: '=HYPERLINK("https://evil.example")',
        description: "Line one\nline two, with a comma",
        status: "in_progress",
        hidden: true,
      }),
      request("r2", 0, "2026-01-03T00:00:00.000Z", { title: "Dunkelmodus für Übersicht", approved: false }),
    ];
    expect(toCsv(rows, featureRequestCsvColumns(translator("en-US")))).toBe(
      "Title,Description,Status,Votes,Hidden,Approved,Suggested at,Changed at\r\n" +
        `"'=HYPERLINK(""https://evil.example"")","Line one\nline two, with a comma",In progress,12,Yes,Yes,2026-01-02T03:04:05.000Z,2026-01-02T03:04:05.000Z\r\n` +
        "Dunkelmodus für Übersicht,,Open,0,No,No,2026-01-03T00:00:00.000Z,2026-01-03T00:00:00.000Z\r\n",
    );
    const german = toCsv(rows.slice(1), featureRequestCsvColumns(translator("de")));
    expect(german.split("\r\n")[0]).toBe(
      "Titel,Beschreibung,Status,Stimmen,Ausgeblendet,Freigegeben,Vorgeschlagen am,Geändert am",
    );
    expect(german.split("\r\n")[1]).toStartWith("Dunkelmodus für Übersicht,,Offen,0,Nein,Nein,");
  });
});
