import { describe, expect, test } from "bun:test";
import type { ReportDetail } from "../../shared/reports-api.ts";
import { localeState } from "../i18n/locale-store.ts";
import { renderedView } from "../test-support/rendered-view.ts";
import { ReportPeople } from "./report-fields.tsx";
import { reportMessagesDe, reportMessagesEnUS } from "./report-messages.ts";
import { ResolveActions } from "./report-resolution.tsx";

const report = (changes: Partial<ReportDetail>): ReportDetail => ({
  id: "r1",
  reason: "DISLIKE",
  comment: "",
  reportedAt: "2026-10-01T10:00:00.000Z",
  resolvedAt: null,
  resolution: null,
  automatic: false,
  reporter: null,
  resolver: null,
  task: {
    id: "t1",
    kind: "QUESTION",
    title: "A task",
    challengeId: null,
    challengeTitle: null,
    exists: true,
    enabled: false,
    positiveRatings: 0,
    negativeRatings: 12,
  },
  creator: { id: "u2", name: "Bob", email: null },
  codingChallenge: null,
  ...changes,
});

const view = renderedView([reportMessagesEnUS, reportMessagesDe]);

function show(detail: ReportDetail): { reporter: string; hints: string } {
  const container = view.show(
    <>
      <ReportPeople report={detail} />
      <ResolveActions report={detail} onResolved={() => {}} onStale={() => {}} />
    </>,
  );
  return {
    reporter: container.querySelector("[data-testid=report-reporter]")?.textContent ?? "",
    hints: container.querySelector(".report-action-hints")?.textContent ?? "",
  };
}

describe("a report without a reporter", () => {
  test("filed by the ratings rule reads as automatic", () => {
    localeState.locale = "en-US";
    const shown = show(report({ automatic: true }));
    expect(shown.reporter).toContain("Automatic report");
    expect(shown.hints).toContain("An automatic report has no reporter to block.");
  });

  test("whose reporter was deleted reads as a deleted account, not as automatic", () => {
    localeState.locale = "en-US";
    const shown = show(report({ automatic: false }));
    expect(shown.reporter).toContain("No reporter: the account no longer exists.");
    expect(shown.reporter).not.toContain("Automatic");
    expect(shown.hints).toContain("The reporter's account no longer exists.");
    expect(shown.hints).not.toContain("automatic");
  });

  test("in German too", () => {
    localeState.locale = "de";
    expect(show(report({ automatic: true })).reporter).toContain("Automatische Meldung");
    const deleted = show(report({ automatic: false }));
    expect(deleted.reporter).toContain("Kein Meldender: Das Konto existiert nicht mehr.");
    expect(deleted.hints).toContain("Das Konto des Meldenden existiert nicht mehr.");
  });
});
