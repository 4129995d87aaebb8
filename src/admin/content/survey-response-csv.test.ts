import { describe, expect, test } from "bun:test";
import type { SurveyQuestion, SurveyResponse } from "../../shared/surveys-api.ts";
import { registerMessages, translator } from "../i18n/intl.ts";
import { toCsv } from "../shell/list/csv-export.ts";
import { answerValue, surveyResponseCsvColumns } from "./survey-response-csv.ts";
import { surveyResponseMessagesDe, surveyResponseMessagesEnUS } from "./survey-response-messages.ts";

registerMessages(surveyResponseMessagesEnUS, surveyResponseMessagesDe);

const questions: SurveyQuestion[] = [
  { id: "nps", type: "nps", title: "How likely, 0–10?" },
  { id: "many", type: "multiple", title: "Which, if any?", options: ["A, first", "B"] },
  { id: "say", type: "text", title: "=Anything else" },
];

const response = (extra: Partial<SurveyResponse>): SurveyResponse => ({
  id: "r1",
  answers: {},
  sessionId: "s1",
  user: { userId: null, name: null, email: null },
  pageUrl: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...extra,
});

describe("survey responses as CSV", () => {
  test("one column per question; choices joined; quotes, commas and formulas handled", () => {
    const rows = [
      response({
        answers: { nps: 9, many: ["A, first", "B"], say: '@SUM(1) "really"' },
        user: { userId: "u-7", name: "Ada", email: "ada@example.com" },
        pageUrl: "https://shop.example/pricing?a=1,2",
      }),
      response({ id: "r2", sessionId: null, user: null, answers: { nps: 0 } }),
    ];
    expect(toCsv(rows, surveyResponseCsvColumns(translator("en-US"), questions))).toBe(
      'Answered at,Session,User ID,Name,E-mail,Page,"How likely, 0–10?","Which, if any?",\'=Anything else\r\n' +
        '2026-11-20T10:00:00.000Z,s1,u-7,Ada,ada@example.com,"https://shop.example/pricing?a=1,2",9,"A, first; B","\'@SUM(1) ""really"""\r\n' +
        "2026-11-20T10:00:00.000Z,,,,,,0,,\r\n",
    );
    expect(toCsv([], surveyResponseCsvColumns(translator("de"), [])).trim()).toBe(
      "Beantwortet am,Sitzung,Nutzer-ID,Name,E-Mail,Seite",
    );
  });

  test("an unanswered question is empty, a zero stays a zero", () => {
    expect(answerValue(response({ answers: { nps: 0 } }), "nps")).toBe(0);
    expect(answerValue(response({ answers: {} }), "nps")).toBeNull();
    expect(answerValue(response({ answers: { many: [] } }), "many")).toBe("");
  });
});
