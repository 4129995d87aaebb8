import type { SQL } from "bun";
import { NewProject } from "../../../../shared/inbox-api.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { findProjectSettings, insertProject } from "../../../domain/projects/project-settings-repository.ts";
import { type AdminHandler, json, jsonError, readBody } from "../../platform-request.ts";

/** `POST /api/projects`: a new widget project with its name, audited; answers its settings. */
export function handleProjectCreate(sql: SQL): AdminHandler {
  return async (request, _params, admin) => {
    const body = await readBody(request, NewProject);
    if (!body.ok) return body.response;
    if (body.value.name.trim() === "") return jsonError(400, "name is required", "name");
    const id = await sql.begin(async (tx) => {
      const created = await insertProject(tx, body.value.name);
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "project.create",
        entity: "widget_project",
        entityId: created,
        details: { name: body.value.name.trim() },
      });
      return created;
    });
    const settings = await findProjectSettings(sql, id);
    return json(settings, { status: 201 });
  };
}
