import { type FormEvent, useState } from "react";
import { adminApi, apiErrorMessage } from "../admin-api.ts";

/**
 * The admin sign-in form (spec §2 "Admin Login"). It posts to the platform API's login endpoint and
 * shows the server's message when sign-in is refused.
 */
export function LoginPage() {
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (login.trim() === "" || password === "") {
      setError("Please fill in form correctly.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await adminApi("/api/auth/login", { method: "POST", body: { login: login.trim(), password } });
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="empty-layout">
      <form className="card login-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <h1 id="login-title">Admin Login</h1>
        <p className="subtle">Please enter your credentials</p>
        <label className="field">
          <span>E-mail or nickname</span>
          <input autoComplete="username" value={login} onChange={(e) => setLogin(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button-primary button-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
