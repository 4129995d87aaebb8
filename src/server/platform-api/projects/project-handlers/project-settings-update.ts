import type { SQL } from "bun";
import type { StructError } from "superstruct";
import { failureBody } from "../../../../shared/form-rules.ts";
import { FlowConfigWrite, ProjectSettingsWrite } from "../../../../shared/inbox-api.ts";
import { validateUntrusted } from "../../../../shared/untrusted-validation.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import {
  findProjectSettings,
  normaliseOrigin,
  updateProjectSettings,
} from "../../../domain/projects/project-settings-repository.ts";
import { projectNotFoundMessage } from "../../messenger/projects-routes.ts";
import { type AdminHandler, jsonError, readBody } from "../../platform-request.ts";
import type { ProjectWritten } from "./project-written.ts";

/** A flow-config failure named from the body's root (`flowConfig.color`), as the form knows the field. */
function flowConfigFailure(error: StructError): Response {
  const nested = {
    failures: () =>
      error.failures().map((failure) => ({ ...failure, path: ["flowConfig", ...failure.path] })),
  } as unknown as StructError;
  const body = failureBody(nested);
  return jsonError(400, body.error, body.field);
}

/** The allowed origins as stored (normalised, each once), or a 400 naming the first that is none. */
function readOrigins(texts: string[]): string[] | Response {
  const origins: string[] = [];
  for (const [index, text] of texts.entries()) {
    const origin = normaliseOrigin(text);
    if (!origin)
      return jsonError(
        400,
        `allowedOrigins.${index} must be an origin like https://app.example.com (no path)`,
        `allowedOrigins.${index}`,
      );
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/**
 * `PUT /api/projects/{projectId}/settings`: the whole settings, audited; the widget's lookup cache
 * drops the project.
 */
export function handleProjectSettingsUpdate(sql: SQL, written: ProjectWritten): AdminHandler {
  return async (request, params, admin) => {
    const projectId = params.projectId ?? "";
    const body = await readBody(request, ProjectSettingsWrite);
    if (!body.ok) return body.response;
    const [flowError, flowConfig] = validateUntrusted(body.value.flowConfig, FlowConfigWrite);
    if (flowError) return flowConfigFailure(flowError);
    const origins = readOrigins(body.value.allowedOrigins);
    if (origins instanceof Response) return origins;
    if (body.value.name.trim() === "") return jsonError(400, "name is required", "name");
    if (!(await findProjectSettings(sql, projectId))) return jsonError(404, projectNotFoundMessage);
    await sql.begin(async (tx) => {
      await updateProjectSettings(tx, projectId, {
        name: body.value.name,
        flowConfig,
        allowedOrigins: origins,
        identityVerification: body.value.identityVerification,
        featureRequestApproval: body.value.featureRequestApproval,
        autoAssign: body.value.autoAssign,
      });
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "project.update",
        entity: "widget_project",
        entityId: projectId,
        details: {
          name: body.value.name.trim(),
          allowedOrigins: origins,
          identityVerification: body.value.identityVerification,
          featureRequestApproval: body.value.featureRequestApproval,
          autoAssign: body.value.autoAssign,
        },
      });
    });
    await written.changed(projectId);
    return written.answer(projectId);
  };
}
