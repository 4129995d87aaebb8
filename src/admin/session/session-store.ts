import { proxy } from "valtio";
import { navigate } from "wouter/use-browser-location";
import type { LoginResult, PublicUser } from "../../shared/auth-api.ts";
import { readStored, writeStored } from "./stored-value.ts";

/** Client session state (spec §3): four values, each mirrored in a stored value of the same name. */
export interface SessionState {
  user: PublicUser | null;
  session: LoginResult["session"] | null;
  accessToken: string | null;
  refreshToken: string | null;
}

export const sessionState = proxy<SessionState>({
  user: readStored<PublicUser>("user", "json"),
  session: readStored<LoginResult["session"]>("session", "json"),
  accessToken: readStored<string>("accessToken", "string"),
  refreshToken: readStored<string>("refreshToken", "string"),
});

/** Reloads the four values from storage (another tab signed out, or a test reset the storage). */
export function restoreSession(): void {
  sessionState.user = readStored<PublicUser>("user", "json");
  sessionState.session = readStored<LoginResult["session"]>("session", "json");
  sessionState.accessToken = readStored<string>("accessToken", "string");
  sessionState.refreshToken = readStored<string>("refreshToken", "string");
}

/**
 * Stores a login (or refresh) result; `null` clears all four values and leads to `/` (spec §4: "passing
 * nothing clears all four and navigates to /").
 */
export function setSession(result: LoginResult | null): void {
  sessionState.user = result?.user ?? null;
  sessionState.session = result?.session ?? null;
  sessionState.accessToken = result?.access_token ?? null;
  sessionState.refreshToken = result?.refresh_token ?? null;
  writeStored("user", sessionState.user);
  writeStored("session", sessionState.session);
  writeStored("accessToken", sessionState.accessToken);
  writeStored("refreshToken", sessionState.refreshToken);
  if (result === null) navigate("/");
}

/**
 * An admin edited an account: when it is the signed-in one, the stored user follows (the top bar shows
 * the new name at once, not after the next sign-in). Other accounts leave the session alone.
 */
export function updateSessionUser(
  changed: Pick<PublicUser, "id" | "name" | "email" | "emailVerified">,
): void {
  const current = sessionState.user;
  if (!current || current.id !== changed.id) return;
  sessionState.user = {
    ...current,
    name: changed.name,
    email: changed.email,
    emailVerified: changed.emailVerified,
  };
  writeStored("user", sessionState.user);
}

/** Signed in = an access token AND a user with an e-mail (spec §4). Works on the proxy or a snapshot. */
export function isSignedIn(state: Pick<SessionState, "user" | "accessToken">): boolean {
  return Boolean(state.accessToken && state.user?.email);
}
