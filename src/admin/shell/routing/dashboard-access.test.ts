import { describe, expect, test } from "bun:test";
import type { PublicUser } from "../../../shared/auth-api.ts";
import { dashboardAccess } from "./dashboard-access.ts";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const token = (admin: boolean) =>
  `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub: "u1", admin })}.signature`;

const user = (staffRole: PublicUser["staffRole"]): PublicUser => ({
  id: "u1",
  name: "ada",
  email: "ada@example.com",
  role: "ADMIN",
  emailVerified: true,
  enabled: true,
  mfaEnabled: false,
  staffRole,
});

describe("who may see a dashboard screen", () => {
  test("an admin or owner with an admin token sees every screen", () => {
    for (const role of ["admin", "owner"] as const)
      for (const path of ["/dashboard", "/dashboard/inbox", "/dashboard/team"])
        expect(dashboardAccess({ user: user(role), accessToken: token(true) }, path)).toBe("open");
  });

  test("signed out, a user without an e-mail or a token without admin: sign in first", () => {
    expect(dashboardAccess({ user: null, accessToken: null }, "/dashboard/inbox")).toBe("sign-in");
    expect(dashboardAccess({ user: user("admin"), accessToken: null }, "/dashboard/inbox")).toBe("sign-in");
    expect(
      dashboardAccess({ user: { ...user("admin"), email: null }, accessToken: token(true) }, "/dashboard"),
    ).toBe("sign-in");
    expect(dashboardAccess({ user: user("admin"), accessToken: token(false) }, "/dashboard")).toBe("sign-in");
    expect(dashboardAccess({ user: user("admin"), accessToken: "not-a-token" }, "/dashboard")).toBe(
      "sign-in",
    );
  });

  test("an agent sees the inbox and a report in it; elsewhere the inbox instead", () => {
    const agent = { user: user("agent"), accessToken: token(true) };
    expect(dashboardAccess(agent, "/dashboard/inbox")).toBe("open");
    expect(dashboardAccess(agent, "/dashboard/inbox/0199")).toBe("open");
    expect(dashboardAccess(agent, "/dashboard/users")).toBe("agent-home");
    expect(dashboardAccess(agent, "/dashboard")).toBe("agent-home");
  });
});
