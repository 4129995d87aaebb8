import { Link, useLocation } from "wouter";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { EmptyLayout } from "../shell/layout/empty-layout.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";

/** Any unmatched route (spec §2): "Page not found: {path}". */
export function NotFoundPage() {
  const [path] = useLocation();
  const { t } = useT();
  useDocumentTitle(t("error.notFound.heading"));
  return (
    <EmptyLayout>
      <section className="landing" aria-labelledby="not-found-title">
        <p className="status-code">404</p>
        <PageHeading id="not-found-title">{t("notFound.title", { path })}</PageHeading>
        <div className="actions">
          <Link href="/" className={buttonClass({ variant: "secondary" })}>
            {t("nav.goBack")}
          </Link>
        </div>
      </section>
    </EmptyLayout>
  );
}
