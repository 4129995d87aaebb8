import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ExportButton } from "../shell/list/list-export.tsx";
import { ListHeader } from "../shell/list/list-page.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import { contentApi } from "./content-api.ts";
import { contentEditHref, contentListPath } from "./content-paths.ts";
import { QuestionResult } from "./survey-charts.tsx";
import { surveyResponseCsvColumns } from "./survey-response-csv.ts";
import { SurveyResponsesPanel } from "./survey-responses-panel.tsx";

/** While the screen is open, answers that arrive show within this long (no push exists for them). */
const refreshMs = 15_000;

/**
 * `/dashboard/content/{project}/surveys/{id}/results`: every question's answers as a chart, then the
 * answers one respondent at a time; the CSV export has every response with a column per question.
 */
export default function SurveyResultsPage() {
  const { t } = useT();
  const { projectId = "", id = "" } = useParams<{ projectId: string; id: string }>();
  const { resource, reload, refresh } = useResource(async () => {
    const [survey, results] = await Promise.all([
      contentApi.surveys.get(projectId, id),
      contentApi.surveyResults(projectId, id),
    ]);
    return { survey, results };
  }, `${projectId}/${id}`);
  useDocumentTitle(
    t("content.survey.results"),
    resource.state === "ready" ? resource.data.survey.title : null,
  );

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [refresh]);

  const back = <BackLink href={listHref(contentListPath(projectId, "surveys"))} />;
  if (resource.state !== "ready") {
    return <DetailStatus resource={resource} texts={detailTexts("content")} back={back} onRetry={reload} />;
  }
  const { survey, results } = resource.data;
  return (
    <section aria-labelledby="survey-results-title">
      {back}
      <ListHeader
        id="survey-results-title"
        title={t("content.survey.resultsOf", { title: survey.title })}
        subtitle={
          <>
            <strong data-testid="survey-responses">
              {t("content.survey.responses", { count: results.responses })}
            </strong>
            {" · "}
            {t("content.survey.live")}
          </>
        }
        actions={
          <>
            <ExportButton
              name="survey-responses"
              fetchPage={(page, pageSize) => contentApi.surveyResponses(projectId, survey.id, page, pageSize)}
              columns={(tr) => surveyResponseCsvColumns(tr, survey.questions)}
            />
            <Link
              href={contentEditHref(projectId, "surveys", survey.id)}
              className={buttonClass({ variant: "secondary" })}
            >
              {t("content.survey.edit")}
            </Link>
          </>
        }
      />
      <div className="survey-results">
        {results.questions.map((result, index) => (
          <QuestionResult key={result.id} result={result} index={index} />
        ))}
        <SurveyResponsesPanel
          projectId={projectId}
          surveyId={survey.id}
          questions={survey.questions}
          version={results.responses}
        />
      </div>
    </section>
  );
}
