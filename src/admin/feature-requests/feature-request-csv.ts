import type { AdminFeatureRequest } from "../../shared/feature-requests-api.ts";
import type { Translator } from "../i18n/intl.ts";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { yesNo } from "../shell/list/list-export.tsx";

/**
 * The board's CSV file (after the export's id column): wording, the status as visitors read it, the
 * votes as a number, whether it is hidden or awaits approval, and ISO dates.
 */
export const featureRequestCsvColumns = (tr: Translator): CsvColumn<AdminFeatureRequest>[] => [
  { header: tr.t("featureRequests.csv.title"), value: (request) => request.title },
  { header: tr.t("featureRequests.csv.description"), value: (request) => request.description },
  {
    header: tr.t("featureRequests.csv.status"),
    value: (request) => tr.t(`featureRequests.status.${request.status}`),
  },
  { header: tr.t("featureRequests.csv.votes"), value: (request) => request.votes },
  { header: tr.t("featureRequests.csv.hidden"), value: (request) => yesNo(tr, request.hidden) },
  { header: tr.t("featureRequests.csv.approved"), value: (request) => yesNo(tr, request.approved) },
  { header: tr.t("featureRequests.csv.createdAt"), value: (request) => request.createdAt },
  { header: tr.t("featureRequests.csv.updatedAt"), value: (request) => request.updatedAt },
];
