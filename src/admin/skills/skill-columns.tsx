import { Link } from "wouter";
import type { MessageId } from "../i18n/en-US.ts";
import type { Translator } from "../i18n/intl.ts";
import type { ListColumn } from "../shell/list/list-page.tsx";
import { SkillIcon } from "./skill-icon.tsx";
import { type PlacedSkill, skillNames } from "./skill-options.ts";

type ListedSkill = PlacedSkill & { updatedAt: string };
type SkillSort = "name" | "position" | "updatedAt";

/**
 * The columns the root skill list and a root's sub-skill list share: the name with its icon (to the
 * skill's screen), its cell in the grid, and when it changed; `labels` are each list's column headers.
 */
export function skillColumns<S extends ListedSkill, F extends string>(
  { t }: Translator,
  labels: { name: MessageId; position: MessageId; updated: MessageId },
  href: (skill: S) => string,
): Record<"name" | "position" | "updated", ListColumn<S, F | SkillSort>> {
  return {
    name: {
      label: labels.name,
      sort: "name",
      primary: true,
      className: "primary-cell",
      cell: (skill) => (
        <Link href={href(skill)} className="table-link skill-name">
          <SkillIcon icon={skill.icon} />
          {skill.name}
        </Link>
      ),
    },
    position: {
      label: labels.position,
      sort: "position",
      cell: (skill) => t("skill.position", { row: skill.row + 1, column: skill.column + 1 }),
    },
    updated: { label: labels.updated, sort: "updatedAt", date: (skill) => skill.updatedAt },
  };
}

/** The skills a skill depends on, by name among `skills` ("None" without any). */
export function dependenciesColumn<S extends PlacedSkill>(
  { t }: Translator,
  label: MessageId,
  skills: readonly PlacedSkill[],
): ListColumn<S, never> {
  return {
    label,
    className: (skill) => (skill.dependencies.length ? "wrap-cell" : "subtle-cell"),
    cell: (skill) => {
      const needs = skillNames(skill.dependencies, skills);
      return needs.length ? needs.map((need) => need.name).join(", ") : t("skill.none");
    },
  };
}
