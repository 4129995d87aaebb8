import { useT } from "../i18n/intl.ts";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";

/** A content address with a kind the area does not have. */
export function ContentNotFound() {
  const { t } = useT();
  useDocumentTitle(t("content.notFound"));
  return (
    <div className="state-panel">
      <PageHeading>{t("content.notFound")}</PageHeading>
      <p>{t("content.notFoundHint")}</p>
    </div>
  );
}
