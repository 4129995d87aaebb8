import type { SQL } from "bun";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import {
  findProjectSettings,
  rotateIdentitySecret,
} from "../../../domain/projects/project-settings-repository.ts";
import { projectNotFoundMessage } from "../../messenger/projects-routes.ts";
import { type AdminHandler, jsonError } from "../../platform-request.ts";
import type { ProjectWritten } from "./project-written.ts";

/** `POST /api/projects/{projectId}/secret/rotate`: a new identity secret, audited without it. */
export function handleProjectSecretRotate(sql: SQL, written: ProjectWritten): AdminHandler {
  return async (_request, params, admin) => {
    const projectId = params.projectId ?? "";
    if (!(await findProjectSettings(sql, projectId))) return jsonError(404, projectNotFoundMessage);
    await sql.begin(async (tx) => {
      await rotateIdentitySecret(tx, projectId);
      // The secret itself stays out of the log.
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "project.rotate-secret",
        entity: "widget_project",
        entityId: projectId,
      });
    });
    await written.changed(projectId);
    return written.answer(projectId);
  };
}
