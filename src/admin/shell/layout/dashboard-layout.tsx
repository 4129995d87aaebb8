import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { Link, useRoute, useRouter } from "wouter";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";
import { AlertSettings } from "../../alerts/alert-settings.tsx";
import { alertState } from "../../alerts/alert-store.ts";
import { badgeText } from "../../alerts/alert-title.ts";
import { useAlertFeed } from "../../alerts/use-alert-feed.ts";
import { api } from "../../api/api-client.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { sessionState, setSession } from "../../session/session-store.ts";
import { staffRoleOf } from "../../session/staff-role.ts";
import { Button } from "../button.tsx";
import { withLoadingOverlay } from "../overlay/loading-overlay-store.ts";
import { prefetchRoute } from "../routing/route-prefetch.ts";
import { LanguageStrip } from "./language-strip.tsx";
import { StrokeIcon } from "./stroke-icon.tsx";
import { narrowQuery, useMediaQuery } from "./use-media-query.ts";
import "./navigation-texts.ts";

// Only phones use the drawer: its code stays out of the entry (the sign-in route's budget).
const NavDrawer = lazy(() => import("./nav-drawer.tsx").then((module) => ({ default: module.NavDrawer })));

/**
 * Spec §2 navigation links, plus Companies and Challenges (their screens exist; an admin should not need
 * a detour to reach them). The challenge categories path is not given by the spec; this one is ours.
 */
export const navigation: ReadonlyArray<{
  href: string;
  label: MessageId;
  exact?: boolean;
  /** Which alert count the link shows beside it. */
  count?: keyof AdminAlerts;
  /** Shown to agents too (src/shared/team-api.ts); every other link is for owners and admins only. */
  agents?: true;
}> = [
  { href: "/dashboard", label: "nav.dashboard", exact: true },
  { href: "/dashboard/users", label: "nav.users" },
  { href: "/dashboard/jobs", label: "nav.jobs" },
  { href: "/dashboard/companies", label: "nav.companies" },
  { href: "/dashboard/skill-tree", label: "nav.skillTree" },
  { href: "/dashboard/reported-tasks", label: "nav.reportedTasks" },
  { href: "/dashboard/challenges", label: "nav.challenges" },
  { href: "/dashboard/challenge-categories", label: "nav.challengeCategories" },
  { href: "/dashboard/inbox", label: "nav.inbox", count: "reports", agents: true },
  { href: "/dashboard/content", label: "nav.content" },
  { href: "/dashboard/help", label: "nav.help" },
  { href: "/dashboard/bots", label: "nav.bots" },
  { href: "/dashboard/conversations", label: "nav.conversations", count: "conversations", agents: true },
  { href: "/dashboard/saved-replies", label: "nav.savedReplies", agents: true },
  { href: "/dashboard/feature-requests", label: "nav.featureRequests" },
  { href: "/dashboard/projects", label: "nav.projects" },
  { href: "/dashboard/team", label: "nav.team" },
];

function NavLink({ href, label, exact, count }: (typeof navigation)[number]) {
  const [active] = useRoute(exact ? href : `${href}/*?`);
  const { parser } = useRouter();
  const { t } = useT();
  const alerts = useSnapshot(alertState);
  const waiting = count ? alerts[count] : 0;
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
      {waiting > 0 && (
        <span className="nav-count" data-testid={`nav-count-${count}`}>
          <span aria-hidden="true">{badgeText(waiting)}</span>
          <span className="visually-hidden">{t("alerts.waiting", { count: waiting })}</span>
        </span>
      )}
    </Link>
  );
}

function NavLinks() {
  const { t } = useT();
  const { user } = useSnapshot(sessionState);
  // An agent sees only the links of their work; the server refuses the rest to them anyway.
  const agent = staffRoleOf(user) === "agent";
  return (
    <nav aria-label={t("nav.main")} className="sidebar-nav">
      {navigation
        .filter((item) => !agent || item.agents)
        .map((item) => (
          <NavLink key={item.href} {...item} />
        ))}
    </nav>
  );
}

function Brand() {
  const { t } = useT();
  return (
    <Link href="/dashboard" className="sidebar-brand">
      <span className="brand-mark brand-mark-sm" aria-hidden="true">
        M
      </span>
      <span className="brand-name">{t("app.name")}</span>
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

/** Who is signed in, and the way out: in the top bar, and at the foot of the drawer on a phone. */
function UserBlock({ className }: { className: string }) {
  const { user } = useSnapshot(sessionState);
  const { t } = useT();
  // One name per person: the display name staff see everywhere else, the nickname until one is set.
  const shownName = user?.displayName || user?.name;
  return (
    <div className={className}>
      {/* The way to one's own profile: the name and picture replies carry. */}
      <Link href="/dashboard/profile" className="user-chip" title={user?.email ?? undefined}>
        <span className="visually-hidden">{t("nav.signedInAs")} </span>
        <span className="user-avatar" aria-hidden="true">
          {(shownName ?? "?").slice(0, 1).toUpperCase()}
        </span>
        <span className="user-name">{shownName}</span>
      </Link>
      <Button variant="secondary" size="sm" onClick={signOut}>
        {t("nav.signOut")}
      </Button>
    </div>
  );
}

/**
 * The dashboard layout (spec §2): a skip link, sidebar navigation, top bar with the language, the colour
 * scheme, the user and sign-out. Below 768 px the sidebar gives way to a menu button opening the same
 * links in a drawer, with the user and sign-out at its foot.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useT();
  useAlertFeed();
  const narrow = useMediaQuery(narrowQuery);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Widened past the phone layout (a rotated tablet): the sidebar is back, the drawer goes.
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);

  return (
    <div className="dashboard-shell">
      {/* The first stop of the keyboard: past the navigation to the screen itself (WCAG 2.4.1). */}
      {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link; the click keeps "#main" out of the URL. */}
      <a
        href="#main"
        className="skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById("main")?.focus();
        }}
      >
        {t("nav.skip")}
      </a>
      <aside className="sidebar">
        <Brand />
        {!narrow && <NavLinks />}
      </aside>
      <div className="dashboard-main">
        <header className="top-bar">
          <button
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-label={t("nav.openMenu")}
            aria-expanded={menuOpen}
            aria-controls="nav-drawer"
            onClick={() => setMenuOpen(true)}
          >
            <StrokeIcon size={22}>
              <path d="M4 6h16M4 12h16M4 18h16" />
            </StrokeIcon>
          </button>
          <LanguageStrip />
          <AlertSettings />
          <UserBlock className="top-bar-user" />
        </header>
        <main id="main" className="dashboard-content" tabIndex={-1}>
          {children}
        </main>
      </div>
      {narrow && (
        <Suspense fallback={null}>
          <NavDrawer id="nav-drawer" open={menuOpen} onClose={() => setMenuOpen(false)} opener={menuButton}>
            <Brand />
            <NavLinks />
            <UserBlock className="drawer-user" />
          </NavDrawer>
        </Suspense>
      )}
    </div>
  );
}
