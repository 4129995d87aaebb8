import { Link } from "wouter";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { EmptyLayout } from "../shell/layout/empty-layout.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";

/** `/`: the public landing page (empty layout, no auth), also where sign-out leads. */
export function LandingPage() {
  const { t } = useT();
  useDocumentTitle();
  return (
    <EmptyLayout>
      <section className="landing" aria-labelledby="landing-title">
        <div className="brand-mark" aria-hidden="true">
          M
        </div>
        <PageHeading id="landing-title">{t("app.name")}</PageHeading>
        <p className="lead">{t("landing.lead")}</p>
        <div className="actions">
          <Link href="/login" className={buttonClass({ size: "lg" })}>
            {t("landing.signIn")}
          </Link>
          <a href="/demo" className={buttonClass({ size: "lg", variant: "secondary" })}>
            {t("landing.tryWidget")}
          </a>
        </div>
      </section>
    </EmptyLayout>
  );
}
