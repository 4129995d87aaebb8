import type { FormEvent } from "react";
import { useLocation } from "wouter";
import {
  type RootSkillCreate,
  type RootSkillDetail,
  type RootSkillUpdate,
  type SkillTree,
  skillTreeErrors,
} from "../../shared/skills-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import {
  emptyRootSkillForm,
  type RootSkillFormState,
  rootSkillFormFromDetail,
  rootSkillFormPath,
  rootSkillRequest,
  validateRootSkillForm,
} from "./root-skill-form-state.ts";
import { skillErrorText, skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";
import { firstFreeCell, gridCells } from "./skill-options.ts";
import { manageSkillHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";

/** Which label names a field in "{field} is required". */
const fieldLabels: Record<string, MessageId> = {
  id: "skill.field.id",
  name: "skill.field.name",
  icon: "skill.field.icon",
  cell: "skill.field.position",
  subRows: "skill.field.subRows",
  subColumns: "skill.field.subColumns",
  subGrid: "skill.field.subGrid",
  dependencies: "skill.field.dependencies",
};

/** Where the tree's field-less refusals belong on this form. */
const refusalPlacement = {
  [skillTreeErrors.cellTaken]: "cell",
  [skillTreeErrors.outsideGrid]: "subGrid",
};

/** A change of the root skill form; the refusals about `paths` are cleared with it. */
export type UpdateRootSkillForm = (
  change: (current: RootSkillFormState) => RootSkillFormState,
  paths: readonly string[],
) => void;

/**
 * The root skill form's state: the values (a new skill starts in the tree grid's first free cell),
 * the cells it may take, each field's label and error, and the save, which opens the skill's page.
 */
export function useRootSkillForm(tree: SkillTree, skill: RootSkillDetail | null) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const creating = skill === null;
  const cells = gridCells(tree.grid.rows, tree.grid.columns, tree.roots, skill?.id ?? null);
  const form = useFormState<RootSkillFormState>(
    () => (skill ? rootSkillFormFromDetail(skill) : emptyRootSkillForm(firstFreeCell(cells))),
    (state) => validateRootSkillForm(state, creating),
    skillErrorText,
  );
  const labelOf = (path: string) => t(fieldLabels[path] ?? "skill.field.name");
  const error = (path: string) => form.errorOf(path, labelOf(path));

  const submit = (event: FormEvent) => {
    const body = rootSkillRequest(form.state, creating);
    return submitRecord(form, event, {
      messages: "skill",
      editing: !creating,
      write: () =>
        skill
          ? skillsApi.update(skill.id, body as RootSkillUpdate)
          : skillsApi.create(body as RootSkillCreate),
      onSaved: (saved) => navigate(manageSkillHref(saved.id)),
      refused: (failure) =>
        form.refuse(
          skillServerFieldErrors(failure, rootSkillFormPath, refusalPlacement),
          skillFailureText(tr, failure),
        ),
    });
  };

  return { form, creating, cells, labelOf, error, submit };
}
