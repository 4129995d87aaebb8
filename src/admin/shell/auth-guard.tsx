import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { Redirect } from "wouter";
import { isAdminToken } from "../session/access-token.ts";
import { isSignedIn, sessionState } from "../session/session-store.ts";

/** Every /dashboard route (spec §2): signed-out visitors, or a token without admin, go to /login. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const session = useSnapshot(sessionState);
  if (!isSignedIn(session) || !isAdminToken(session.accessToken)) return <Redirect to="/login" replace />;
  return children;
}
