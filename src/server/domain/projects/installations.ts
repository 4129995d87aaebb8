import type { SQL } from "bun";
import type { Installation } from "../../../shared/installations-api.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff } from "../../realtime/staff-socket.ts";
import { normaliseOrigin } from "./project-settings-repository.ts";

const maxOriginLength = 255;
/**
 * `Origin` is whatever a caller sends: a project keeps at most this many origins (the panel shows the
 * newest few), and a process remembers at most `maxKnown` pairs, so made-up origins cannot grow either.
 */
const maxOriginsPerProject = 100;
const maxKnown = 10_000;

/**
 * The install check of the admin's install panel: the first widget session from each origin is kept,
 * and the admins' open pages hear of it at once. Each process remembers the origins it has already
 * recorded, so a session start costs no write once its origin is known.
 */
export function createInstallationRecorder(deps: {
  sql: SQL;
  fanout: Fanout;
  onError: (error: unknown) => void;
}) {
  const known = new Set<string>();
  return {
    /** Records the origin of a session start (the request's `Origin`); never fails the request. */
    seen(projectId: string, originHeader: string | null): void {
      const origin =
        originHeader && originHeader.length <= maxOriginLength ? normaliseOrigin(originHeader) : null;
      if (!origin) return;
      const key = `${projectId} ${origin}`;
      if (known.has(key)) return;
      if (known.size >= maxKnown) known.clear();
      known.add(key);
      void recordInstallation(deps.sql, projectId, origin)
        .then((installation) => {
          if (installation)
            return pushToStaff(deps.fanout, {
              name: "installation-seen",
              data: { projectId, ...installation },
            });
        })
        .catch((error: unknown) => {
          known.delete(key);
          deps.onError(error);
        });
    },
  };
}

export type InstallationRecorder = ReturnType<typeof createInstallationRecorder>;

/** Stores the origin's first session; answers it when it is new, null when the origin was known. */
async function recordInstallation(sql: SQL, projectId: string, origin: string): Promise<Installation | null> {
  const firstSeenAt = new Date().toISOString();
  const rows = await sql`INSERT INTO widget_installations (project_id, origin, first_seen_at)
    SELECT ${projectId}, ${origin}, ${firstSeenAt}
    WHERE (SELECT count(*) FROM widget_installations WHERE project_id = ${projectId}) < ${maxOriginsPerProject}
    ON CONFLICT (project_id, origin) DO NOTHING RETURNING origin`;
  return rows.length > 0 ? { origin, firstSeenAt } : null;
}

/** A project's origins, the newest first (the install panel shows the latest few). */
export async function listInstallations(sql: SQL, projectId: string, limit = 20): Promise<Installation[]> {
  const rows =
    (await sql`SELECT origin, first_seen_at FROM widget_installations WHERE project_id = ${projectId}
    ORDER BY first_seen_at DESC, origin LIMIT ${limit}`) as Array<{ origin: string; first_seen_at: string }>;
  return rows.map((row) => ({ origin: row.origin, firstSeenAt: row.first_seen_at }));
}
