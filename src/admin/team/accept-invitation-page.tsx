import { type FormEvent, type InputHTMLAttributes, useId, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { InvitationAccept, type InvitationPreview, type MfaSetup } from "../../shared/team-api.ts";
import { apiErrorBody, apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { setSession } from "../session/session-store.ts";
import { agentHome } from "../session/staff-role.ts";
import { Button } from "../shell/button.tsx";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import { EmptyLayout } from "../shell/layout/empty-layout.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { acceptApi } from "./team-api.ts";
import "./team-texts.ts";

/** A first nickname from the invited address: its local part, the characters a nickname keeps. */
const nicknameOf = (email: string) =>
  (email.split("@")[0] ?? "").replace(/[^A-Za-z0-9._-]/g, "").slice(0, 32);

function Field({
  name,
  label,
  hint,
  error,
  ...input
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={Boolean(error)}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <span className="subtle field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The two-factor step the workspace requires: a secret from the server, its QR code and the code typed. */
function MfaStep({
  token,
  code,
  onCode,
  error,
}: {
  token: string;
  code: string;
  onCode: (code: string) => void;
  error?: string;
}) {
  const { t } = useT();
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const start = async () => {
    try {
      setSetup(await acceptApi.mfa(token));
    } catch (failure) {
      showToast({ type: "error", heading: "invite.failed", body: apiErrorMessage(failure) });
    }
  };
  return (
    <fieldset className="team-projects">
      <legend>{t("invite.mfaTitle")}</legend>
      <p className="subtle">{t("invite.mfaHint")}</p>
      {setup ? (
        <>
          <img className="invite-qr" src={setup.qrCode} alt={t("invite.mfaTitle")} width={192} height={192} />
          <p className="subtle">{t("invite.mfaSecret", { secret: setup.secret })}</p>
          <Field
            name="code"
            label={t("invite.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={error}
            onChange={(event) => onCode(event.target.value.trim())}
          />
        </>
      ) : (
        <Button variant="secondary" onClick={start}>
          {t("invite.mfaStart")}
        </Button>
      )}
    </fieldset>
  );
}

/** Shown once after an account with two-factor authentication was made: its recovery code. */
function RecoveryCode({ code }: { code: string }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  return (
    <section className="card invite-card" aria-labelledby="invite-recovery-title">
      <h2 id="invite-recovery-title">{t("invite.recoveryTitle")}</h2>
      <p className="subtle">{t("invite.recoveryHint")}</p>
      <p className="invite-recovery" data-testid="recovery-code">
        {code}
      </p>
      <Button onClick={() => navigate(agentHome)}>{t("invite.continue")}</Button>
    </section>
  );
}

interface AcceptFormValues {
  name: string;
  nickname: string;
  password: string;
  code: string;
}

/**
 * Sending the accept form: checked first with the server's own schema, then accepted; the answer signs
 * in (the session is stored) and leads to the inbox, or first to the recovery code when MFA was set up.
 */
function useAcceptSubmit(token: string) {
  const [, navigate] = useLocation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<string | null>(null);

  const submit = async (form: AcceptFormValues) => {
    const body = {
      name: form.name.trim(),
      nickname: form.nickname.trim(),
      password: form.password,
      ...(form.code ? { code: form.code } : {}),
    };
    const problems = fieldErrors(body, InvitationAccept);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const result = await acceptApi.accept(token, body);
      setSession(result);
      if (result.recoveryCode) setRecovery(result.recoveryCode);
      else navigate(agentHome);
    } catch (failure) {
      const field = apiErrorBody(failure)?.field;
      if (typeof field === "string") setErrors({ [field]: apiErrorMessage(failure) });
      showToast({ type: "error", heading: "invite.failed", body: apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  return { submit, errors, busy, recovery };
}

function AcceptForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const { t, translate } = useT();
  const [form, setForm] = useState<AcceptFormValues>({
    name: "",
    nickname: nicknameOf(preview.email),
    password: "",
    code: "",
  });
  const { submit, errors, busy, recovery } = useAcceptSubmit(token);
  const set = (key: keyof AcceptFormValues) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(form);
  };

  if (recovery) return <RecoveryCode code={recovery} />;
  const error = (key: string) => (errors[key] ? translate(errors[key]) : undefined);
  // Each text field is labelled and hinted by its own `invite.{key}` texts.
  const field = (
    key: "name" | "nickname" | "password",
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <Field
      name={key}
      label={t(`invite.${key}`)}
      hint={t(`invite.${key}Hint`)}
      {...attributes}
      value={form[key]}
      error={error(key)}
      onChange={set(key)}
    />
  );
  return (
    <form
      className="card invite-card"
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy}
      aria-labelledby="invite-title"
    >
      <PageHeading id="invite-title">{t("invite.title")}</PageHeading>
      <p>{t("invite.lead", { role: t(`team.role.${preview.role}`), email: preview.email })}</p>
      {field("name", { autoComplete: "name", maxLength: 64 })}
      {field("nickname", { autoComplete: "username", maxLength: 32 })}
      {field("password", { type: "password", autoComplete: "new-password" })}
      {preview.mfaRequired && (
        <MfaStep
          token={token}
          code={form.code}
          error={error("code")}
          onCode={(code) => setForm((current) => ({ ...current, code }))}
        />
      )}
      <Button type="submit" disabled={busy} fullWidth>
        {busy ? t("invite.submitting") : t("invite.submit")}
      </Button>
    </form>
  );
}

/**
 * `/invite/{token}`, signed out (src/shared/team-api.ts): the invited person sees what they were invited
 * as, chooses their name, nickname and password (and sets up two-factor authentication when the
 * workspace requires it), and lands in the inbox signed in. A link that no longer works says so.
 */
export default function AcceptInvitationPage() {
  const { t } = useT();
  useDocumentTitle(t("invite.title"));
  const { token = "" } = useParams<{ token: string }>();
  const { resource } = useResource(() => acceptApi.preview(token), token);
  return (
    <EmptyLayout>
      {resource.state === "loading" && (
        <p className="subtle" role="status">
          {t("invite.loading")}
        </p>
      )}
      {resource.state === "error" && (
        <section className="card invite-card" aria-labelledby="invite-title">
          <PageHeading id="invite-title">{t("invite.title")}</PageHeading>
          <p role="alert">{t("invite.invalid")}</p>
          <Link href="/login">{t("landing.signIn")}</Link>
        </section>
      )}
      {resource.state === "ready" && <AcceptForm token={token} preview={resource.data} />}
    </EmptyLayout>
  );
}
