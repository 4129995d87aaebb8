import { useSnapshot } from "valtio";
import { Redirect } from "wouter";
import { useT } from "../i18n/intl.ts";
import { isAdminToken } from "../session/access-token.ts";
import { returnPath } from "../session/return-path.ts";
import { isSignedIn, sessionState } from "../session/session-store.ts";
import { Button } from "../shell/button.tsx";
import { EmptyLayout } from "../shell/layout/empty-layout.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { LoginCodeField, LoginCredentialsFields } from "./login-fields.tsx";
import { useLoginForm } from "./use-login-form.ts";

/**
 * `/login` (spec §2 "Admin Login"): e-mail or nickname plus password, then the 6-digit code when the
 * server asks for it. Only admins get a session; anyone else is told so and stays signed out.
 */
export function LoginPage() {
  const { t } = useT();
  const session = useSnapshot(sessionState);
  const form = useLoginForm();
  useDocumentTitle(t("login.title"));

  if (isSignedIn(session) && isAdminToken(session.accessToken))
    return <Redirect to={returnPath(new URLSearchParams(window.location.search).get("next"))} replace />;

  return (
    <EmptyLayout>
      <form className="card login-card" onSubmit={form.submit} noValidate aria-labelledby="login-title">
        <div className="brand-mark brand-mark-sm" aria-hidden="true">
          M
        </div>
        <PageHeading id="login-title">{t("login.title")}</PageHeading>
        <p className="subtle">{form.step === "mfa" ? t("login.mfaHint") : t("login.subtitle")}</p>
        {form.step === "credentials" ? (
          <LoginCredentialsFields
            login={form.login}
            password={form.password}
            onLogin={form.setLogin}
            onPassword={form.setPassword}
          />
        ) : (
          <LoginCodeField code={form.code} invalid={form.error === "form.code"} onChange={form.setCode} />
        )}
        {form.error && (
          <p className="form-error" role="alert">
            {t(form.error)}
          </p>
        )}
        {form.verifying && (
          <p className="subtle" role="status" data-testid="login-verifying">
            {t("login.verifying")}
          </p>
        )}
        <Button type="submit" fullWidth disabled={form.busy}>
          {form.busy ? t("login.submitting") : form.step === "mfa" ? t("login.verify") : t("login.submit")}
        </Button>
        {form.step === "mfa" && (
          <Button variant="tertiary" fullWidth className="login-back" onClick={form.backToCredentials}>
            {t("login.back")}
          </Button>
        )}
      </form>
    </EmptyLayout>
  );
}
