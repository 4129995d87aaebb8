import { type ReactNode, useEffect, useState } from "react";
import type { Installation } from "../../shared/installations-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { InstallationOrigins } from "./installation-origins.tsx";
import { projectsApi } from "./projects-api.ts";

/** The origins the panel lists; the server keeps more. */
const shownOrigins = 5;

type Seen = { state: "loading" } | { state: "error" } | { state: "ready"; installations: Installation[] };

/** A new origin first, once: a push that arrives while the list is still loading is kept too. */
export function withInstallation(list: readonly Installation[], seen: Installation): Installation[] {
  return [seen, ...list.filter((installation) => installation.origin !== seen.origin)];
}

/**
 * The install panel's check: where the snippet has been seen (each origin a visitor's browser proved,
 * the most recently seen first), updated live through the staff socket like the inbox; until the first
 * visit, what usually keeps a pasted snippet silent. Asked again when the saved allowed origins change,
 * since the list marks the origins they leave out.
 */
export function InstallationStatus({
  projectId,
  waitsForConsent,
  allowedOrigins,
}: {
  projectId: string;
  waitsForConsent: boolean;
  allowedOrigins: readonly string[];
}) {
  const { t } = useT();
  const [seen, setSeen] = useState<Seen>({ state: "loading" });
  const [reloads, setReloads] = useState(0);

  const allowedKey = allowedOrigins.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` (a reconnect) and `allowedKey` ask again.
  useEffect(() => {
    let current = true;
    projectsApi.installations(projectId).then(
      (answer) => current && setSeen({ state: "ready", installations: answer.installations }),
      () => current && setSeen({ state: "error" }),
    );
    return () => {
      current = false;
    };
  }, [projectId, reloads, allowedKey]);

  useStaffPush(
    (push) => {
      if (push.name !== "installation-seen" || push.data.projectId !== projectId) return;
      const { origin, firstSeenAt, lastSeenAt, outsideAllowedOrigins } = push.data;
      const installation = { origin, firstSeenAt, lastSeenAt, outsideAllowedOrigins };
      setSeen((before) => ({
        state: "ready",
        installations: withInstallation(before.state === "ready" ? before.installations : [], installation),
      }));
    },
    () => setReloads((count) => count + 1),
  );

  const causes = (
    <ul className="install-causes subtle">
      <li>
        {t(
          waitsForConsent
            ? "projectSettings.install.causeConsent"
            : "projectSettings.install.causeConsentOff",
        )}
      </li>
      <li>{t("projectSettings.install.causeCsp")}</li>
      <li>{t("projectSettings.install.causeOrigins")}</li>
    </ul>
  );
  if (seen.state === "loading")
    return (
      <div className="install-status" data-testid="install-status" aria-busy="true">
        <StatusHeading state="checking" />
        {/* The waiting panel's place, kept while the check runs: "not seen yet" (a new project, what an
            admin installing it sees) then draws in it, and "Copy key" and the cards below stay put. */}
        <div className="install-reserved" aria-hidden="true">
          {causes}
        </div>
      </div>
    );
  if (seen.state === "error")
    return (
      <p className="install-status subtle" data-testid="install-status" role="alert">
        {t("projectSettings.install.checkFailed")}
      </p>
    );
  if (seen.installations.length === 0) return <StatusPanel state="waiting">{causes}</StatusPanel>;
  return (
    <StatusPanel state="live">
      {/* The list over the held place of the waiting panel, one grid cell for both: a short list keeps
          the panel as tall as it was while checking, so "Copy key" and the cards below stay put. */}
      <div className="install-held">
        <InstallationOrigins installations={seen.installations.slice(0, shownOrigins)} />
        <div className="install-reserved" aria-hidden="true">
          {causes}
        </div>
      </div>
    </StatusPanel>
  );
}

/** The panel's three headings: while the check runs, once it found no visit, once it found some. */
const headings = {
  checking: "projectSettings.install.checking",
  waiting: "projectSettings.install.waiting",
  live: "projectSettings.install.seen",
} as const satisfies Record<string, MessageId>;

type HeadingState = keyof typeof headings;

/**
 * The heading of `state` over the other two, drawn hidden in the same grid cell by its `::before` and
 * `::after` (projects.css), so no test or screen reader reads them: it takes as many lines as the
 * longest (the phone's "Installed: …" wraps where "Looking for visits…" does not), so the answer does
 * not move what is below.
 */
function StatusHeading({ state }: { state: HeadingState }) {
  const { t } = useT();
  const dot = state === "checking" ? "status-dot" : `status-dot status-dot-${state}`;
  const [before, after] = (Object.keys(headings) as HeadingState[])
    .filter((key) => key !== state)
    .map((key) => t(headings[key]));
  return (
    <p className={state === "checking" ? "install-status-heading subtle" : "install-status-heading"}>
      <span className={dot} aria-hidden="true" />
      <span className="install-heading-text" data-held-before={before} data-held-after={after}>
        <span>{t(headings[state])}</span>
      </span>
    </p>
  );
}

/** The panel once the check has answered: its heading with the waiting or live dot, and the list below. */
function StatusPanel({ state, children }: { state: "waiting" | "live"; children: ReactNode }) {
  return (
    <div className="install-status" data-testid="install-status" aria-live="polite">
      <StatusHeading state={state} />
      {children}
    </div>
  );
}
