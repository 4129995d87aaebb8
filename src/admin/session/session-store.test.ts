import { beforeEach, describe, expect, test } from "bun:test";
import type { LoginResult } from "../../shared/auth-api.ts";
import { demoAdminAccount } from "../../shared/test-support/demo-admin-account.ts";
import { isSignedIn, restoreSession, sessionState, setSession, updateSessionUser } from "./session-store.ts";

const result: LoginResult = {
  user: { id: "u1", ...demoAdminAccount },
  session: { id: "s1", expiresAt: "2030-01-01T00:00:00.000Z" },
  access_token: "a.b.c",
  refresh_token: "refresh-1",
};

describe("session store", () => {
  beforeEach(() => {
    localStorage.clear();
    restoreSession();
    history.replaceState(null, "", "/dashboard");
  });

  test("stores each value in memory and under its own name in localStorage", () => {
    setSession(result);
    expect(sessionState.user?.email).toBe("admin@example.com");
    expect(sessionState.accessToken).toBe("a.b.c");
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toEqual(result.user);
    expect(JSON.parse(localStorage.getItem("session") ?? "null")).toEqual(result.session);
    expect(localStorage.getItem("accessToken")).toBe("a.b.c");
    expect(localStorage.getItem("refreshToken")).toBe("refresh-1");
  });

  test("survives a reload: the values are read back from storage", () => {
    setSession(result);
    sessionState.user = null;
    sessionState.accessToken = null;
    restoreSession();
    expect(sessionState.user as unknown).toEqual(result.user);
    expect(sessionState.session).toEqual(result.session);
    expect(sessionState.refreshToken).toBe("refresh-1");
  });

  test("null clears all four values and navigates to /", () => {
    setSession(result);
    setSession(null);
    expect(sessionState).toMatchObject({ user: null, session: null, accessToken: null, refreshToken: null });
    for (const key of ["user", "session", "accessToken", "refreshToken"]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(location.pathname).toBe("/");
  });

  test("signed in needs both an access token and an e-mail on the user", () => {
    expect(isSignedIn({ user: result.user, accessToken: "t" })).toBe(true);
    expect(isSignedIn({ user: result.user, accessToken: null })).toBe(false);
    expect(isSignedIn({ user: { ...result.user, email: null }, accessToken: "t" })).toBe(false);
    expect(isSignedIn({ user: null, accessToken: "t" })).toBe(false);
    setSession(result);
    expect(isSignedIn(sessionState)).toBe(true);
  });

  test("editing the signed-in account updates the stored user; editing another leaves it", () => {
    setSession(result);
    updateSessionUser({ id: "someone-else", name: "other", email: "other@example.com", emailVerified: true });
    expect(sessionState.user?.name).toBe("admin");

    updateSessionUser({ id: "u1", name: "chief", email: "chief@example.com", emailVerified: false });
    expect(sessionState.user).toMatchObject({
      name: "chief",
      email: "chief@example.com",
      emailVerified: false,
    });
    expect(JSON.parse(localStorage.getItem("user") ?? "null")).toMatchObject({
      name: "chief",
      role: "ADMIN",
    });
    expect(sessionState.accessToken).toBe("a.b.c");
  });
});
