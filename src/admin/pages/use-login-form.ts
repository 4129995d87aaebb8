import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import type { LoginResult } from "../../shared/auth-api.ts";
import { api } from "../api/api-client.ts";
import { apiErrorBody, apiErrorMessage, apiErrorStatus } from "../api/api-error.ts";
import { type CaptchaLoader, createCaptchaLoader } from "../api/captcha-loader.ts";
import { loadPublicConfig } from "../api/public-config.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { isAdminToken } from "../session/access-token.ts";
import { returnPath } from "../session/return-path.ts";
import { setSession } from "../session/session-store.ts";
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
 * `POST /api/auth/login` with a captcha solution; when the server asks for a captcha bound to the
 * account, a second try with that one, `verifying` set while it is solved.
 */
async function signIn(
  body: { login: string; password: string; code: string | undefined },
  captcha: ReturnType<typeof useCaptcha>,
  verifying: (on: boolean) => void,
): Promise<LoginResult> {
  const send = async (captchaToken: string | undefined) =>
    api<LoginResult>("/api/auth/login", { method: "POST", auth: false, body: { ...body, captchaToken } });
  try {
    return await send(await captcha("login"));
  } catch (failure) {
    if (!captchaRequired(failure)) throw failure;
    // Someone failed to sign in to this account many times: it asks for its own, harder captcha.
    verifying(true);
    try {
      return await send(await captcha("login", body.login));
    } finally {
      verifying(false);
    }
  }
}

/**
 * The sign-in form's state: what the admin typed, which step it is on (the credentials, or the code
 * the server asked for), the error shown, and the sign-in itself, which keeps only an admin's session.
 */
export function useLoginForm() {
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.trim() === "" || password === "") return setError("form.invalid");
    if (step === "mfa" && !codePattern.test(code)) return setError("form.code");
    setBusy(true);
    setError(null);
    // The dashboard's chunk downloads while the sign-in runs; a failure shows on the dashboard itself.
    loadDashboardRoutes().catch(() => {});
    try {
      const body = { login: login.trim(), password, code: step === "mfa" ? code : undefined };
      const result = await signIn(body, captcha, setVerifying);
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

  /** Back from the code to the credentials, the code and its error forgotten. */
  const backToCredentials = () => {
    setStep("credentials");
    setCode("");
    setError(null);
  };

  return {
    login,
    setLogin,
    password,
    setPassword,
    code,
    setCode,
    step,
    error,
    busy,
    verifying,
    submit,
    backToCredentials,
  };
}
