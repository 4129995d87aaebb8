import type { AuthGuard } from "../auth/auth-guard.ts";
import { jsonError } from "../http/json-response.ts";
import type { StaffSocketData } from "./staff-socket.ts";

/** The `exp` of a JWT the guard has verified already, in epoch milliseconds. */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.exp === "number" ? payload.exp * 1000 : Date.now();
  } catch {
    return Date.now();
  }
}

/**
 * Who may open `/api/admin/ws?token={access token}`: the same checks as every admin endpoint (token,
 * sign-in session, enabled account, ADMIN role), answered before the upgrade. A browser cannot set
 * headers on a websocket, so the token comes in the query; it is short-lived, and the socket closes
 * when it runs out, or earlier when its sign-in ends (`staff-socket-watch.ts`).
 */
export async function authenticateStaffSocket(
  guard: AuthGuard,
  request: Request,
): Promise<StaffSocketData | Response> {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  if (token === "") return jsonError(401, "Sign in first: the socket URL has no token");
  const admin = await guard.requireAdmin(
    new Request(request.url, { headers: { Authorization: `Bearer ${token}` } }),
  );
  if (admin instanceof Response) return admin;
  return {
    kind: "staff",
    userId: admin.user.id,
    sessionId: admin.session.id,
    expiresAt: expiryOf(token),
    projectIds: admin.staff?.projectIds ?? null,
  };
}
