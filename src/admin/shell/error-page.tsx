import { Component, type ReactNode } from "react";
import { useT } from "../i18n/intl.ts";
import { type AppError, clearFatalError, reportFatalError } from "./app-error.ts";
import { Button, buttonClass } from "./button.tsx";
import { EmptyLayout } from "./layout/empty-layout.tsx";
import { useDocumentTitle } from "./layout/page-heading.tsx";

/**
 * Spec §2 error page: 404 shows the page-not-found screen, any other status the generic server-error
 * screen. The status message is shown as given when it is not one of the two defaults (those are
 * translated).
 */
/** The page replaced whatever had focus: a keyboard or screen-reader user starts at its heading. */
const focusOnMount = (heading: HTMLHeadingElement | null) => heading?.focus();

export function ErrorPage({ error }: { error: AppError }) {
  const { t } = useT();
  const notFound = error.statusCode === 404;
  const defaultMessage = notFound ? "Page Not Found" : "Internal Server Error";
  const heading =
    error.statusMessage === defaultMessage
      ? t(notFound ? "error.notFound.heading" : "error.server.heading")
      : error.statusMessage;
  useDocumentTitle(heading);
  return (
    <EmptyLayout>
      <section className="landing" aria-labelledby="error-title" data-testid="error-page">
        <p className="status-code">{error.statusCode}</p>
        <h1 id="error-title" ref={focusOnMount} tabIndex={-1}>
          {heading}
        </h1>
        <p className="subtle">{t(notFound ? "error.notFound.body" : "error.server.body")}</p>
        {error.message && (
          <p className="error-details">
            <span className="visually-hidden">{t("error.details")}: </span>
            {error.message}
          </p>
        )}
        <div className="actions">
          {!notFound && <Button onClick={() => location.reload()}>{t("error.reload")}</Button>}
          <a
            href="/dashboard"
            className={buttonClass({ variant: notFound ? "primary" : "secondary" })}
            onClick={clearFatalError}
          >
            {t("error.home")}
          </a>
        </div>
      </section>
    </EmptyLayout>
  );
}

/** Catches render errors below it (a failed page chunk after its reload guard, a broken screen). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reportFatalError(error, navigator.userAgent);
  }

  override render() {
    // The error page itself is rendered by the app from errorState, so a bot sees an empty page.
    return this.state.failed ? null : this.props.children;
  }
}
