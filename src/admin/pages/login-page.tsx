import { type FormEvent, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { Redirect, useLocation } from "wouter";
import type { LoginResult } from "../../shared/auth-api.ts";
import { api } from "../api/api-client.ts";
import { apiErrorBody, apiErrorMessage, apiErrorStatus } from "../api/api-error.ts";
import { type CaptchaLoader, createCaptchaLoader } from "../api/captcha-loader.ts";
import { loadPublicConfig } from "../api/public-config.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { isAdminToken } from "../session/access-token.ts";
import { returnPath } from "../session/return-path.ts";
import { isSignedIn, sessionState, setSession } from "../session/session-store.ts";
import { Button } from "../shell/button.tsx";
import { EmptyLayout } from "../shell/layout/empty-layout.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { hideToast, showToast, toastState } from "../shell/overlay/toast-store.ts";
import { loadDashboardRoutes } from "../shell/routing/dashboard-chunk.ts";

const codePattern = /^\d{6}$/;

/** Public config and the captcha loader are set up once the page shows, so a solution is ready early. */
function useCaptcha() {
  const loader = useRef<Promise<CaptchaLoader> | null>(null);
  const prepare = () => {
    loader.current ??= loadPublicConfig()
      .then(createCaptchaLoader)
      .catch((error) => {
        loader.current = null;
        throw error;
      });
    return loader.current;
  };
  useEffect(() => {
    prepare().catch(() => {});
  });
  return async (action: string, login?: string) => (await prepare()).execute(action, login);
}

/** The server's answer when an account has had many failed sign-ins: solve a captcha bound to it. */
const captchaRequired = (failure: unknown) =>
  apiErrorStatus(failure) === 400 && apiErrorBody(failure)?.captchaRequired === true;

/**
 * `/login` (spec §2 "Admin Login"): e-mail or nickname plus password, then the 6-digit code when the
 * server asks for it. Only admins get a session; anyone else is told so and stays signed out.
 */
export function LoginPage() {
  const { t } = useT();
  const session = useSnapshot(sessionState);
  const [, navigate] = useLocation();
  const captcha = useCaptcha();
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"credentials" | "mfa">("credentials");
  const [error, setError] = useState<MessageId | null>(null);
  const [busy, setBusy] = useState(false);
  /** Set while the account-bound proof of work runs, so the wait is explained. */
  const [verifying, setVerifying] = useState(false);
  useDocumentTitle(t("login.title"));

  if (isSignedIn(session) && isAdminToken(session.accessToken))
    return <Redirect to={returnPath(new URLSearchParams(window.location.search).get("next"))} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.trim() === "" || password === "") return setError("form.invalid");
    if (step === "mfa" && !codePattern.test(code)) return setError("form.code");
    setBusy(true);
    setError(null);
    // The dashboard's chunk downloads while the sign-in runs; a failure shows on the dashboard itself.
    loadDashboardRoutes().catch(() => {});
    const signIn = async (captchaToken: string | undefined) =>
      api<LoginResult>("/api/auth/login", {
        method: "POST",
        auth: false,
        body: { login: login.trim(), password, code: step === "mfa" ? code : undefined, captchaToken },
      });
    try {
      let result: LoginResult;
      try {
        result = await signIn(await captcha("login"));
      } catch (failure) {
        if (!captchaRequired(failure)) throw failure;
        // Someone failed to sign in to this account many times: it asks for its own, harder captcha.
        setVerifying(true);
        try {
          result = await signIn(await captcha("login", login.trim()));
        } finally {
          setVerifying(false);
        }
      }
      if (!isAdminToken(result.access_token)) {
        showToast({ type: "error", heading: "login.notAuthorized" });
        return;
      }
      setSession(result);
      // A failed attempt's toast would otherwise linger over the dashboard.
      if (toastState.type === "error") hideToast();
      navigate(returnPath(new URLSearchParams(window.location.search).get("next")));
    } catch (failure) {
      if (apiErrorStatus(failure) === 401 && apiErrorBody(failure)?.mfaRequired === true) {
        setStep("mfa");
        return;
      }
      showToast({ type: "error", heading: "login.failed", body: apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <EmptyLayout>
      <form className="card login-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="brand-mark brand-mark-sm" aria-hidden="true">
          M
        </div>
        <PageHeading id="login-title">{t("login.title")}</PageHeading>
        <p className="subtle">{step === "mfa" ? t("login.mfaHint") : t("login.subtitle")}</p>
        {step === "credentials" ? (
          <>
            <label className="field">
              <span>{t("login.login")}</span>
              <input
                name="login"
                autoComplete="username"
                value={login}
                onChange={(e) => setLogin(e.target.value)}
              />
            </label>
            <label className="field">
              <span>{t("login.password")}</span>
              <input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
          </>
        ) : (
          <label className="field">
            <span>{t("login.code")}</span>
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              // biome-ignore lint/a11y/noAutofocus: the code field is the only thing to do on this step.
              autoFocus
              value={code}
              aria-invalid={error === "form.code"}
              onChange={(e) => setCode(e.target.value.trim())}
            />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert">
            {t(error)}
          </p>
        )}
        {verifying && (
          <p className="subtle" role="status" data-testid="login-verifying">
            {t("login.verifying")}
          </p>
        )}
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? t("login.submitting") : step === "mfa" ? t("login.verify") : t("login.submit")}
        </Button>
        {step === "mfa" && (
          <Button
            variant="tertiary"
            fullWidth
            className="login-back"
            onClick={() => {
              setStep("credentials");
              setCode("");
              setError(null);
            }}
          >
            {t("login.back")}
          </Button>
        )}
      </form>
    </EmptyLayout>
  );
}
