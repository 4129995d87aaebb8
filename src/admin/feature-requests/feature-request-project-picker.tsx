import { useLocation } from "wouter";
import { useProjects } from "../content/use-projects.ts";
import { useT } from "../i18n/intl.ts";
import { featureRequestBoardPath } from "./feature-request-paths.ts";

/** The widget project whose board is shown, when there is more than one to choose from. */
export function FeatureRequestProjectPicker({ projectId }: { projectId: string }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { resource } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  if (projects.length < 2) return null;
  return (
    <label className="filter-field">
      <span>{t("featureRequests.project")}</span>
      <select value={projectId} onChange={(event) => navigate(featureRequestBoardPath(event.target.value))}>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
    </label>
  );
}
