import { useLocation } from "wouter";
import type { AdminProject } from "../../shared/projects-api.ts";
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
  const { resource } = useProjects();
  if (resource.state !== "ready" || resource.data.length < 2) return null;
  return (
    <div className="field project-choice">
      <label htmlFor={id}>{t(label)}</label>
      <ProjectSelect id={id} projects={resource.data} projectId={projectId} pathOf={pathOf} />
    </div>
  );
}

interface ProjectSelectProps {
  id?: string;
  projects: readonly AdminProject[];
  projectId: string;
  pathOf: (projectId: string) => string;
  testId?: string;
  /** "auto" where a project's name may be written right to left. */
  optionDir?: "auto";
}

/** The widget projects as a `<select>` on `projectId`; choosing one opens its `pathOf`. */
export function ProjectSelect({ id, projects, projectId, pathOf, testId, optionDir }: ProjectSelectProps) {
  const [, navigate] = useLocation();
  return (
    <select
      id={id}
      value={projectId}
      data-testid={testId}
      onChange={(event) => navigate(pathOf(event.target.value))}
    >
      {projects.map((project) => (
        <option key={project.id} value={project.id} dir={optionDir}>
          {project.name}
        </option>
      ))}
    </select>
  );
}

/** A list filter's project choice: the `label` beside the projects' `<select>` (see ProjectSelect). */
export function ProjectFilterField({
  className,
  label,
  ...select
}: ProjectSelectProps & { className: string; label: MessageId }) {
  const { t } = useT();
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: ProjectSelect is the label's own `<select>`.
    <label className={className}>
      <span>{t(label)}</span>
      <ProjectSelect {...select} />
    </label>
  );
}
