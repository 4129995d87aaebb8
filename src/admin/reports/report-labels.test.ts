import { describe, expect, test } from "bun:test";
import { taskKinds } from "../../shared/challenges-api.ts";
import { reportErrors, reportReasons, reportResolutions } from "../../shared/reports-api.ts";
import { translator } from "../i18n/intl.ts";
import { reportServerText, resolutionFailureToast, taskKindLabel } from "./report-labels.ts";
import { reportMessagesDe, reportMessagesEnUS } from "./report-messages.ts";

const en = translator("en-US");
const de = translator("de");

describe("report labels", () => {
  test("every reason, resolution and task kind has an English and a German label", () => {
    const ids = [
      ...reportReasons.map((reason) => `report.reason.${reason}` as const),
      ...reportResolutions.map((resolution) => `report.resolution.${resolution}` as const),
      ...reportResolutions.map((resolution) => `report.done.${resolution}` as const),
      ...taskKinds.map((kind) => `report.taskKind.${kind}` as const),
    ];
    for (const id of ids) {
      expect(reportMessagesEnUS[id]).toBeTruthy();
      expect(reportMessagesDe[id]).toBeTruthy();
    }
    expect(taskKindLabel("CODING")).toBe("report.taskKind.CODING");
    expect(taskKindLabel("ESSAY")).toBeNull();
  });

  test("German texts are translated, not copies of the English ones", () => {
    // Texts that read the same in both languages (units, abbreviations, borrowed words).
    const same = new Set([
      "reports.filter.state",
      "report.field.status",
      "report.field.name",
      "report.field.xp",
      "report.field.coins",
      "report.field.challenge",
      "report.value.ms",
      "report.value.mb",
    ]);
    const copied = Object.keys(reportMessagesEnUS).filter(
      (id) =>
        !same.has(id) &&
        reportMessagesDe[id as keyof typeof reportMessagesDe] ===
          reportMessagesEnUS[id as keyof typeof reportMessagesEnUS],
    );
    expect(copied).toEqual([]);
  });

  test("plural counts: none, one and many", () => {
    expect(en.t("reports.count", { count: 0 })).toBe("No reports");
    expect(en.t("reports.count", { count: 1 })).toBe("1 report");
    expect(en.t("reports.count", { count: 1234 })).toBe("1,234 reports");
    expect(de.t("reports.count", { count: 0 })).toBe("Keine Meldungen");
    expect(de.t("reports.count", { count: 1 })).toBe("1 Meldung");
    expect(de.t("reports.count", { count: 1234 })).toBe("1.234 Meldungen");
  });
});

describe("server messages of the reports API", () => {
  test("Report Already Resolved heads the toast, in the admin's language, and asks for a reload", () => {
    const toast = resolutionFailureToast(reportErrors.alreadyResolved);
    expect(toast.stale).toBe(true);
    expect(en.translate(toast.heading)).toBe("Report Already Resolved");
    expect(de.translate(toast.heading)).toBe("Meldung bereits erledigt");
    expect(de.translate(toast.body)).toContain("inzwischen");
  });

  test("Report Not Found also reloads; other refusals keep a generic heading over the reason", () => {
    const gone = resolutionFailureToast(reportErrors.reportNotFound);
    expect(gone.stale).toBe(true);
    expect(en.translate(gone.heading)).toBe("Report Not Found");

    const noReporter = resolutionFailureToast(reportErrors.noReporter);
    expect(noReporter).toEqual({ heading: "toast.error", body: "report.error.noReporter", stale: false });
    expect(de.translate(noReporter.body)).toBe("Diese Meldung hat keinen Meldenden");

    const unknown = resolutionFailureToast("Something else broke");
    expect(unknown).toEqual({ heading: "toast.error", body: "Something else broke", stale: false });
  });

  test("the tasks API's not-found texts of the report screen read in German", () => {
    expect(de.translate(reportServerText("Coding Challenge Not Found"))).toBe(
      "Coding-Challenge nicht gefunden",
    );
    expect(de.translate(reportServerText("MCQ Not Found"))).toBe("Multiple-Choice-Frage nicht gefunden");
    expect(en.translate(reportServerText(reportErrors.taskNotFound))).toBe("Subtask Not Found");
  });
});
