import type { InstallationList } from "../../../shared/installations-api.ts";
import { listInstallations } from "../../domain/projects/installations-repository.ts";
import { findProjectSettings } from "../../domain/projects/project-settings-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { WidgetChanges } from "../../widget-api/widget-lookup-cache.ts";
import { projectNotFoundMessage } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError } from "../platform-request.ts";
import { handleProjectCreate } from "./project-handlers/project-create.ts";
import { handleProjectSecretRotate } from "./project-handlers/project-secret-rotate.ts";
import { handleProjectSettingsUpdate } from "./project-handlers/project-settings-update.ts";
import type { ProjectWritten } from "./project-handlers/project-written.ts";

/**
 * Widget projects for admins: create one (`POST /api/projects`), read and replace its settings (flow
 * config, allowed origins, identity verification, feature-request approval, name) and rotate its
 * identity secret. The widget API enforces what is set here on the next request: allowed origins in
 * its CORS check, identity verification on identify, approval on the next feature request. Every
 * write is audited; each write's handler in project-handlers/.
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
  const written: ProjectWritten = {
    async changed(projectId) {
      await widgetChanges?.projectChanged(projectId);
    },
    answer: found,
  };

  return [
    adminRoute(guard, "POST", "/api/projects", handleProjectCreate(sql)),
    adminRoute(guard, "GET", settingsPath, (_request, params) => found(params.projectId ?? "")),
    adminRoute(guard, "GET", "/api/projects/:projectId/installations", async (_request, params) => {
      const project = await findProjectSettings(sql, params.projectId ?? "");
      if (!project) return jsonError(404, projectNotFoundMessage);
      return json({ installations: await listInstallations(sql, project) } satisfies InstallationList);
    }),
    adminRoute(guard, "PUT", settingsPath, handleProjectSettingsUpdate(sql, written)),
    adminRoute(
      guard,
      "POST",
      "/api/projects/:projectId/secret/rotate",
      handleProjectSecretRotate(sql, written),
    ),
  ];
}
