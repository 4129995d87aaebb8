import type { FormEvent, ReactNode } from "react";
import {
  maxCoursesPerSkill,
  type RootSkillDetail,
  type SubSkill,
  type SubSkillWrite,
  skillTreeErrors,
} from "../../shared/skills-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FormActions } from "../shell/form/form-actions.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { CellSelect } from "./cell-select.tsx";
import { DependenciesCard } from "./dependency-picker.tsx";
import { IconField } from "./icon-field.tsx";
import { skillErrorText, skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";
import { SkillNameField } from "./skill-form-fields.tsx";
import { firstFreeCell, gridCells } from "./skill-options.ts";
import { skillsApi } from "./skills-api.ts";
import {
  type CourseRow,
  emptySubSkillForm,
  type SubSkillFormState,
  subSkillFormFromDetail,
  subSkillFormPath,
  subSkillRequest,
  validateSubSkillForm,
} from "./sub-skill-form-state.ts";

const fieldLabels: Record<string, MessageId> = {
  name: "skill.field.name",
  icon: "skill.field.icon",
  cell: "skill.field.position",
  dependencies: "skill.field.dependencies",
  courses: "skill.field.courses",
};

const refusalPlacement = { [skillTreeErrors.cellTaken]: "cell" };

/** Every form path of the course rows, so removing or adding a row clears their stale refusals. */
const coursePaths = (courses: readonly CourseRow[]) => [
  "courses",
  ...courses.flatMap((_, index) => [`courses.${index}.title`, `courses.${index}.url`]),
];

type SubSkillFormModel = ReturnType<typeof useFormState<SubSkillFormState>>;

/** The sub-skill's name, icon and cell in its root's grid. */
function DetailsCard({
  idPrefix,
  form,
  root,
  cells,
  isNew,
  error,
}: {
  idPrefix: string;
  form: SubSkillFormModel;
  root: RootSkillDetail;
  cells: ReturnType<typeof gridCells>;
  isNew: boolean;
  error: (path: string) => string | null;
}) {
  const { t } = useT();
  const { state, update } = form;
  return (
    <section className="detail-card">
      <h2>{t("subSkillForm.section.details")}</h2>
      <SkillNameField
        id={`${idPrefix}-name`}
        label={t(fieldLabels.name ?? "skill.field.name")}
        error={error("name")}
        value={state.name}
        onChange={(name) => update((current) => ({ ...current, name }), ["name"])}
      />
      <IconField
        id={`${idPrefix}-icon`}
        value={state.icon}
        hint={t(isNew ? "subSkillForm.iconHint" : "skillForm.iconHint")}
        error={error("icon")}
        onChange={(icon) => update((current) => ({ ...current, icon }), ["icon"])}
      />
      <CellSelect
        id={`${idPrefix}-cell`}
        cells={cells}
        value={state.cell}
        error={error("cell")}
        fullHint={t("subSkillForm.gridFull", { root: root.name })}
        onChange={(cell) => update((current) => ({ ...current, cell }), ["cell"])}
      />
    </section>
  );
}

/**
 * A sub-skill's fields: name, icon, cell of its root's sub-skill grid, dependencies on sibling
 * sub-skills and its courses. Adds a sub-skill to `root` (`subSkill` null) or edits one; `onSaved`
 * gets what the API answered.
 */
export function SubSkillForm({
  root,
  subSkill,
  initialCell,
  submitLabel,
  cancel,
  onSaved,
}: {
  root: RootSkillDetail;
  subSkill: SubSkill | null;
  /** Where a new sub-skill goes; the first free cell when not given. */
  initialCell?: string;
  submitLabel: MessageId;
  cancel: ReactNode;
  onSaved: (saved: SubSkill) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const cells = gridCells(root.subRows, root.subColumns, root.subSkills, subSkill?.id ?? null);
  const form = useFormState<SubSkillFormState>(
    () =>
      subSkill
        ? subSkillFormFromDetail(subSkill)
        : emptySubSkillForm(root.icon, initialCell ?? firstFreeCell(cells)),
    validateSubSkillForm,
    skillErrorText,
  );
  const { state } = form;
  const idPrefix = subSkill ? `sub-skill-${subSkill.id}` : "sub-skill-new";
  const labelOf = (path: string) => t(fieldLabels[path] ?? "skill.field.name");
  const error = (path: string) => form.errorOf(path, labelOf(path));

  const submit = (event: FormEvent) => {
    const { body, rows } = subSkillRequest(state);
    return submitRecord(form, event, {
      messages: "subSkill",
      editing: subSkill !== null,
      write: () =>
        subSkill
          ? skillsApi.updateSubSkill(root.id, subSkill.id, body as SubSkillWrite)
          : skillsApi.createSubSkill(root.id, body as SubSkillWrite),
      onSaved,
      refused: (failure) =>
        form.refuse(
          skillServerFieldErrors(failure, (path) => subSkillFormPath(path, rows), refusalPlacement),
          skillFailureText(tr, failure),
        ),
    });
  };

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <DetailsCard
        idPrefix={idPrefix}
        form={form}
        root={root}
        cells={cells}
        isNew={!subSkill}
        error={error}
      />

      <DependenciesCard
        id={`${idPrefix}-dependencies`}
        label={t("skill.field.dependencies")}
        hint={t("subSkillForm.dependenciesHint", { root: root.name })}
        emptyText={t("subSkillForm.noDependencies", { root: root.name })}
        skills={root.subSkills}
        selfId={subSkill?.id ?? null}
        form={form}
        error={error("dependencies")}
      />

      <CoursesCard idPrefix={idPrefix} form={form} error={error("courses")} />

      <FormActions busy={form.busy} busyLabel={t("skillForm.saving")} submitLabel={t(submitLabel)}>
        {cancel}
      </FormActions>
    </form>
  );
}

/** One course: its title and address fields, and the button that removes it. */
function CourseRowFields({
  idPrefix,
  form,
  index,
}: {
  idPrefix: string;
  form: SubSkillFormModel;
  index: number;
}) {
  const { t } = useT();
  const { state, update, errorOf } = form;
  const courseField = (key: keyof CourseRow) => {
    const path = `courses.${index}.${key}`;
    const label = t(key === "title" ? "subSkillForm.courseTitle" : "subSkillForm.courseUrl", {
      n: index + 1,
    });
    const change = (value: string) =>
      update(
        (current) => ({
          ...current,
          courses: current.courses.map((course, at) => (at === index ? { ...course, [key]: value } : course)),
        }),
        [path, "courses"],
      );
    return (
      <FormField id={`${idPrefix}-course-${index}-${key}`} label={label} error={errorOf(path, label)}>
        {(props) => (
          <input
            {...props}
            name={path}
            type={key === "url" ? "url" : "text"}
            autoComplete="off"
            placeholder={key === "url" ? "https://" : undefined}
            value={state.courses[index]?.[key] ?? ""}
            onChange={(event) => change(event.target.value)}
          />
        )}
      </FormField>
    );
  };
  return (
    <div className="course-row">
      {courseField("title")}
      {courseField("url")}
      <Button
        size="sm"
        variant="tertiary"
        aria-label={t("subSkillForm.removeCourse", { n: index + 1 })}
        onClick={() =>
          update(
            (current) => ({ ...current, courses: current.courses.filter((_, at) => at !== index) }),
            coursePaths(state.courses),
          )
        }
      >
        ✕
      </Button>
    </div>
  );
}

/** The courses of a sub-skill, title and address each, added and removed in place. */
function CoursesCard({
  idPrefix,
  form,
  error: coursesError,
}: {
  idPrefix: string;
  form: SubSkillFormModel;
  error: string | null;
}) {
  const { t } = useT();
  const { state, update } = form;
  // A rule about the whole list (too many) marks the list; its first course takes the focus.
  return (
    <section
      className="detail-card"
      aria-labelledby={`${idPrefix}-courses`}
      aria-describedby={coursesError ? `${idPrefix}-courses-error` : undefined}
      data-invalid={coursesError ? "true" : undefined}
    >
      <h2 id={`${idPrefix}-courses`}>{t("skill.field.courses")}</h2>
      <p className="field-hint">{t("subSkillForm.coursesHint", { n: maxCoursesPerSkill })}</p>
      {coursesError && (
        <p className="form-error field-error" id={`${idPrefix}-courses-error`} role="alert">
          {coursesError}
        </p>
      )}
      {state.courses.length === 0 && <p className="subtle-cell">{t("subSkillForm.noCourses")}</p>}
      {state.courses.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
        <CourseRowFields key={index} idPrefix={idPrefix} form={form} index={index} />
      ))}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={state.courses.length >= maxCoursesPerSkill}
          onClick={() =>
            update(
              (current) => ({ ...current, courses: [...current.courses, { title: "", url: "" }] }),
              ["courses"],
            )
          }
        >
          {t("subSkillForm.addCourse")}
        </Button>
      </div>
    </section>
  );
}
