import { useT } from "../i18n/intl.ts";

/** The sign-in's first step: the e-mail or nickname, and the password. */
export function LoginCredentialsFields({
  login,
  password,
  onLogin,
  onPassword,
}: {
  login: string;
  password: string;
  onLogin: (login: string) => void;
  onPassword: (password: string) => void;
}) {
  const { t } = useT();
  return (
    <>
      <label className="field">
        <span>{t("login.login")}</span>
        <input name="login" autoComplete="username" value={login} onChange={(e) => onLogin(e.target.value)} />
      </label>
      <label className="field">
        <span>{t("login.password")}</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => onPassword(e.target.value)}
        />
      </label>
    </>
  );
}

/** The sign-in's second step, when the server asks for it: the 6-digit code, spaces left out. */
export function LoginCodeField({
  code,
  invalid,
  onChange,
}: {
  code: string;
  invalid: boolean;
  onChange: (code: string) => void;
}) {
  const { t } = useT();
  return (
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
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value.trim())}
      />
    </label>
  );
}
