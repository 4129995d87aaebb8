import { useT } from "../i18n/intl.ts";

/** Checkboxes of the widget projects, as a fieldset: which projects an agent works in. */
export function ProjectChoices({
  legend,
  projects,
  chosen,
  onChange,
}: {
  legend: string;
  projects: ReadonlyArray<{ id: string; name: string }>;
  chosen: readonly string[];
  onChange: (projectIds: string[]) => void;
}) {
  const { t } = useT();
  const toggle = (projectId: string, on: boolean) =>
    onChange(on ? [...chosen, projectId] : chosen.filter((id) => id !== projectId));
  return (
    <fieldset className="team-projects">
      <legend>{legend}</legend>
      {projects.length === 0 && <span className="subtle">{t("team.noProjects")}</span>}
      {projects.map((project) => (
        <label key={project.id}>
          <input
            type="checkbox"
            name="projectIds"
            value={project.id}
            checked={chosen.includes(project.id)}
            onChange={(event) => toggle(project.id, event.target.checked)}
          />
          {project.name}
        </label>
      ))}
    </fieldset>
  );
}
