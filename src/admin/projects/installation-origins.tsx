import type { Installation } from "../../shared/installations-api.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { useT } from "../i18n/intl.ts";

/**
 * The origins the snippet has been seen on, each with when it was last seen; one the project's allowed
 * origins leave out (seen before the list changed, refused since) says so in words, not by colour alone.
 */
export function InstallationOrigins({ installations }: { installations: readonly Installation[] }) {
  const { t } = useT();
  return (
    <ul className="install-origins">
      {installations.map((installation) => (
        <li key={installation.origin} data-testid="install-origin">
          <code className="inline-code">{installation.origin}</code>{" "}
          <TimeAgo value={installation.lastSeenAt} />
          {installation.outsideAllowedOrigins && (
            <>
              {" "}
              <span className="install-origin-outside" data-testid="install-origin-outside">
                {t("projectSettings.install.outsideAllowed")}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
