import { useState } from "react";
import type { SurveyQuestion, SurveyResponse } from "../../shared/surveys-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { TitledCard } from "../shell/detail/titled-card.tsx";
import { ClipText } from "../shell/list/list-clip.tsx";
import { listTexts } from "../shell/list/list-page.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { listPageSizes } from "../shell/list/list-url.ts";
import { Pagination } from "../shell/list/pagination.tsx";
import { contentApi } from "./content-api.ts";
import { answerValue } from "./survey-response-csv.ts";

/** Who answered: the identified user's name, e-mail and id, else an anonymous visitor; and the session. */
function Respondent({ response }: { response: SurveyResponse }) {
  const { t } = useT();
  const user = response.user;
  const name = user?.name || user?.email || user?.userId;
  const session = response.sessionId
    ? t("surveyResponses.session", { id: response.sessionId.slice(-8) })
    : t("surveyResponses.sessionGone");
  return (
    <div className="respondent">
      <strong>{name || t("surveyResponses.anonymous")}</strong>
      {user?.name && user.email && <span className="respondent-email">{user.email}</span>}
      <span className="subtle respondent-session">
        {[user?.userId && user.userId !== name ? user.userId : null, session].filter(Boolean).join(" · ")}
      </span>
    </div>
  );
}

/** The answers by question, in the survey's order; one the respondent skipped says so. */
function Answers({
  response,
  questions,
}: {
  response: SurveyResponse;
  questions: readonly SurveyQuestion[];
}) {
  const { t } = useT();
  return (
    <dl className="response-answers">
      {questions.map((question) => {
        const value = answerValue(response, question.id);
        return (
          <div key={question.id}>
            <dt>{question.title}</dt>
            <dd className={value === null || value === "" ? "subtle" : undefined}>
              {value === null || value === "" ? t("surveyResponses.skipped") : String(value)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A page of responses: when, who, on which page, and what they answered. */
function ResponsesTable({
  responses,
  questions,
}: {
  responses: readonly SurveyResponse[];
  questions: readonly SurveyQuestion[];
}) {
  const { t } = useT();
  const format = useFormatters();
  return (
    <div className="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t("surveyResponses.column.when")}</th>
            <th scope="col">{t("surveyResponses.column.respondent")}</th>
            <th scope="col">{t("surveyResponses.column.page")}</th>
            <th scope="col">{t("surveyResponses.column.answers")}</th>
          </tr>
        </thead>
        <tbody>
          {responses.map((response) => (
            <tr key={response.id} data-testid="survey-response">
              <td title={format.dateTime(response.createdAt)} data-label={t("surveyResponses.column.when")}>
                {format.ago(response.createdAt)}
              </td>
              <td className="respondent-cell" data-label={t("surveyResponses.column.respondent")}>
                <Respondent response={response} />
              </td>
              <td className="fluid-cell fluid-25" data-label={t("surveyResponses.column.page")}>
                {response.pageUrl ? (
                  <ClipText text={response.pageUrl} />
                ) : (
                  <span className="subtle">{t("surveyResponses.noPage")}</span>
                )}
              </td>
              <td className="response-answers-cell" data-label={t("surveyResponses.column.answers")}>
                <Answers response={response} questions={questions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The survey's answers one respondent at a time, newest first, a page at a time: when, who (the
 * identified user or the anonymous session), the page they were on, and what they answered.
 */
export function SurveyResponsesPanel({
  projectId,
  surveyId,
  questions,
  version,
}: {
  projectId: string;
  surveyId: string;
  questions: readonly SurveyQuestion[];
  /** Changes when the results were read again, so new answers show here too. */
  version: number;
}) {
  const { t } = useT();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(25);
  const { resource, reload } = useResource(
    () => contentApi.surveyResponses(projectId, surveyId, page, pageSize),
    `${projectId}/${surveyId}/${page}/${pageSize}/${version}`,
  );
  return (
    <TitledCard
      id="survey-responses-title"
      className="survey-responses"
      title={t("surveyResponses.title")}
      lead={t("surveyResponses.lead")}
    >
      <ListStatus resource={resource} onRetry={reload} texts={listTexts("surveyResponses")}>
        {(data) => (
          <>
            <ResponsesTable responses={data.items} questions={questions} />
            <Pagination
              page={page}
              pageSize={pageSize}
              total={data.total}
              pageSizes={listPageSizes}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </>
        )}
      </ListStatus>
    </TitledCard>
  );
}
