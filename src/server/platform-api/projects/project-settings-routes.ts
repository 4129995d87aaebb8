import type { StructError } from "superstruct";
import { failureBody } from "../../../shared/form-rules.ts";
import { FlowConfigWrite, NewProject, ProjectSettingsWrite } from "../../../shared/inbox-api.ts";
import type { InstallationList } from "../../../shared/installations-api.ts";
import { validateUntrusted } from "../../../shared/untrusted-validation.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { listInstallations } from "../../domain/projects/installations-repository.ts";
import {
  findProjectSettings,
  insertProject,
  normaliseOrigin,
  rotateIdentitySecret,
  updateProjectSettings,
} from "../../domain/projects/project-settings-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { WidgetChanges } from "../../widget-api/widget-lookup-cache.ts";
import { projectNotFoundMessage } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

/** A flow-config failure named from the body's root (`flowConfig.color`), as the form knows the field. */
function flowConfigFailure(error: StructError): Response {
  const nested = {
    failures: () =>
      error.failures().map((failure) => ({ ...failure, path: ["flowConfig", ...failure.path] })),
  } as unknown as StructError;
  const body = failureBody(nested);
  return jsonError(400, body.error, body.field);
}

/**
 * Widget projects for admins: create one (`POST /api/projects`), read and replace its settings (flow
 * config, allowed origins, identity verification, feature-request approval, name) and rotate its
 * identity secret. The widget API enforces what is set here on the next request: allowed origins in
 * its CORS check, identity verification on identify, approval on the next feature request. Every
 * write is audited.
 */
export function projectSettingsRoutes({
  sql,
  guard,
  widgetChanges,
}: PlatformDeps & { widgetChanges?: WidgetChanges }): ApiRoute[] {
  const settingsPath = "/api/projects/:projectId/settings";
  const found = async (projectId: string) => {
    const settings = await findProjectSettings(sql, projectId);
    return settings ? json(settings) : jsonError(404, projectNotFoundMessage);
  };

  return [
    adminRoute(guard, "POST", "/api/projects", async (request, _params, admin) => {
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
    }),
    adminRoute(guard, "GET", settingsPath, (_request, params) => found(params.projectId ?? "")),
    adminRoute(guard, "GET", "/api/projects/:projectId/installations", async (_request, params) => {
      const project = await findProjectSettings(sql, params.projectId ?? "");
      if (!project) return jsonError(404, projectNotFoundMessage);
      return json({ installations: await listInstallations(sql, project) } satisfies InstallationList);
    }),
    adminRoute(guard, "PUT", settingsPath, async (request, params, admin) => {
      const projectId = params.projectId ?? "";
      const body = await readBody(request, ProjectSettingsWrite);
      if (!body.ok) return body.response;
      const [flowError, flowConfig] = validateUntrusted(body.value.flowConfig, FlowConfigWrite);
      if (flowError) return flowConfigFailure(flowError);
      const origins: string[] = [];
      for (const [index, text] of body.value.allowedOrigins.entries()) {
        const origin = normaliseOrigin(text);
        if (!origin)
          return jsonError(
            400,
            `allowedOrigins.${index} must be an origin like https://app.example.com (no path)`,
            `allowedOrigins.${index}`,
          );
        if (!origins.includes(origin)) origins.push(origin);
      }
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
      await widgetChanges?.projectChanged(projectId);
      return found(projectId);
    }),
    adminRoute(guard, "POST", "/api/projects/:projectId/secret/rotate", async (_request, params, admin) => {
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
      await widgetChanges?.projectChanged(projectId);
      return found(projectId);
    }),
  ];
}
