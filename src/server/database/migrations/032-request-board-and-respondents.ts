import type { Migration } from "../migrations.ts";

/**
 * Points 4 and 8: a moderated feature-request board and survey answers by respondent.
 *
 * - `feature_requests.hidden`: an admin took the request off the visitors' board (spam, off topic)
 *   without deleting it or its votes; the admin's board still lists it.
 * - `survey_answers.page_url`: the page the respondent was on when they answered (the session's last
 *   page at that moment), so a result can be read in its context; answers stored before have none.
 */
export const requestBoardAndRespondents: Migration = {
  id: 32,
  name: "032-request-board-and-respondents",
  statements: [
    `ALTER TABLE feature_requests ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT FALSE`,
    `ALTER TABLE survey_answers ADD COLUMN page_url TEXT`,
    // The respondents' list pages through a survey's answers newest first.
    `CREATE INDEX survey_answers_survey ON survey_answers (survey_id, created_at)`,
  ],
};
