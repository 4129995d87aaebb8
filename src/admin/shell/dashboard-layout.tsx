import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { Link, useRoute, useRouter } from "wouter";
import { api } from "../api/api-client.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { sessionState, setSession } from "../session/session-store.ts";
import { Button } from "./button.tsx";
import { LanguageStrip } from "./language-strip.tsx";
import { withLoadingOverlay } from "./loading-overlay-store.ts";
import { prefetchRoute } from "./route-prefetch.ts";

/**
 * Spec §2 navigation links, plus Companies and Challenges (their screens exist; an admin should not need
 * a detour to reach them). The challenge categories path is not given by the spec; this one is ours.
 */
export const navigation: ReadonlyArray<{ href: string; label: MessageId; exact?: boolean }> = [
  { href: "/dashboard", label: "nav.dashboard", exact: true },
  { href: "/dashboard/users", label: "nav.users" },
  { href: "/dashboard/jobs", label: "nav.jobs" },
  { href: "/dashboard/companies", label: "nav.companies" },
  { href: "/dashboard/skill-tree", label: "nav.skillTree" },
  { href: "/dashboard/reported-tasks", label: "nav.reportedTasks" },
  { href: "/dashboard/challenges", label: "nav.challenges" },
  { href: "/dashboard/challenge-categories", label: "nav.challengeCategories" },
];

function NavLink({ href, label, exact }: (typeof navigation)[number]) {
  const [active] = useRoute(exact ? href : `${href}/*?`);
  const { parser } = useRouter();
  const { t } = useT();
  const prefetch = () => prefetchRoute(parser, href);
  return (
    <Link
      href={href}
      className="nav-link"
      aria-current={active ? "page" : undefined}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      {t(label)}
    </Link>
  );
}

/** Ends the session on the server too; sign-out happens locally even when that call fails. */
async function signOut() {
  await withLoadingOverlay(async () => {
    try {
      await api("/api/auth/logout", { method: "POST" });
    } catch {
      // The tokens are dropped below either way; the server session then simply expires.
    }
  });
  setSession(null);
}

/** The dashboard layout (spec §2): sidebar navigation, top bar with the user and sign-out. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useSnapshot(sessionState);
  const { t } = useT();
  return (
    <div className="dashboard-shell">
      <aside className="sidebar">
        <Link href="/dashboard" className="sidebar-brand">
          <span className="brand-mark brand-mark-sm" aria-hidden="true">
            M
          </span>
          <span className="brand-name">{t("app.name")}</span>
        </Link>
        <nav aria-label={t("nav.main")} className="sidebar-nav">
          {navigation.map((item) => (
            <NavLink key={item.href} {...item} />
          ))}
        </nav>
      </aside>
      <div className="dashboard-main">
        <header className="top-bar">
          <LanguageStrip />
          <div className="top-bar-user">
            <span className="user-chip" title={user?.email ?? undefined}>
              <span className="visually-hidden">{t("nav.signedInAs")} </span>
              <span className="user-avatar" aria-hidden="true">
                {(user?.name ?? "?").slice(0, 1).toUpperCase()}
              </span>
              <span className="user-name">{user?.name}</span>
            </span>
            <Button variant="secondary" size="sm" onClick={signOut}>
              {t("nav.signOut")}
            </Button>
          </div>
        </header>
        <main className="dashboard-content">{children}</main>
      </div>
    </div>
  );
}
