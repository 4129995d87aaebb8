import { ProjectFilterField } from "../content/project-choice.tsx";
import { useProjects } from "../content/use-projects.ts";
import { featureRequestBoardPath } from "./feature-request-paths.ts";

/** The widget project whose board is shown, when there is more than one to choose from. */
export function FeatureRequestProjectPicker({ projectId }: { projectId: string }) {
  const { resource } = useProjects();
  const projects = resource.state === "ready" ? resource.data : [];
  if (projects.length < 2) return null;
  return (
    <ProjectFilterField
      className="filter-field"
      label="featureRequests.project"
      projects={projects}
      projectId={projectId}
      pathOf={featureRequestBoardPath}
    />
  );
}
