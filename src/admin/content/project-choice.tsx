import { useLocation } from "wouter";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { useProjects } from "./use-projects.ts";

/**
 * Switches a per-project screen (the help center, the bots) to another widget project, shown only when
 * there is more than one. `pathOf` is the screen's own address for a project.
 */
export function ProjectChoice({
  id,
  label,
  projectId,
  pathOf,
}: {
  id: string;
  label: MessageId;
  projectId: string;
  pathOf: (projectId: string) => string;
}) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { resource } = useProjects();
  if (resource.state !== "ready" || resource.data.length < 2) return null;
  return (
    <div className="field project-choice">
      <label htmlFor={id}>{t(label)}</label>
      <select id={id} value={projectId} onChange={(event) => navigate(pathOf(event.target.value))}>
        {resource.data.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
    </div>
  );
}
