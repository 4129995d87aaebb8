import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import type { RootSkillDetail, RootSkillSummary, SkillTree, SubSkill } from "../../shared/skills-api.ts";
import { type Resource, useResource } from "../api/use-resource.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { FieldList, recordFields } from "../shell/detail/field-list.tsx";
import { RecordActions } from "../shell/detail/record-actions.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { LoadingPlaceholder } from "../shell/layout/loading-placeholder.tsx";
import { EditDeleteActions } from "../shell/list/edit-delete-actions.tsx";
import { confirmDelete } from "../shell/overlay/confirm-delete.ts";
import type { ActionFailure } from "../shell/overlay/run-action.ts";
import { scrollDelayMs } from "../shell/routing/scroll-to-top.tsx";
import { skillFailureText } from "./skill-errors.ts";
import { SkillIcon } from "./skill-icon.tsx";
import { cellKey, dependentsOf, firstFreeCell, gridCells, isImageIcon, skillNames } from "./skill-options.ts";
import {
  editSkillHref,
  editSubSkillHref,
  manageSkillHref,
  skillListHref,
  subSkillsHref,
} from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import { SubSkillForm } from "./sub-skill-form.tsx";
import "./skill-styles.ts";

/**
 * A refused delete's toast: the reason reads in the admin's language when the skills catalogue knows it
 * ("Other skills depend on this skill").
 */
const skillFailure =
  (tr: Translator) =>
  (failure: unknown): ActionFailure => ({ heading: "toast.error", body: skillFailureText(tr, failure) });

/** Root skills as links to their manage screens, or "None". */
function RootLinks({
  skills,
}: {
  skills: ReadonlyArray<{ id: string; name: string; icon: string; known: boolean }>;
}) {
  const { t } = useT();
  if (skills.length === 0) return <span className="subtle-cell">{t("skill.none")}</span>;
  return (
    <ul className="skill-chips">
      {skills.map((skill) => (
        <li key={skill.id}>
          {skill.known ? (
            <Link href={manageSkillHref(skill.id)} className="skill-chip">
              <SkillIcon icon={skill.icon} />
              {skill.name}
            </Link>
          ) : (
            <span className="skill-chip subtle-cell">{t("skill.missing", { id: skill.id })}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function RootActions({ root }: { root: RootSkillDetail }) {
  const tr = useT();
  const [, navigate] = useLocation();
  const remove = () =>
    confirmDelete(tr, {
      messages: "skill",
      values: { name: root.name, count: root.subSkills.length },
      remove: () => skillsApi.remove(root.id),
      failed: skillFailure(tr),
      onDeleted: () => navigate(skillListHref()),
    });
  return (
    <RecordActions messages="skill" editHref={editSkillHref(root.id)} onDelete={remove}>
      <Link href={subSkillsHref(root.id)} className={buttonClass({ variant: "secondary" })}>
        {tr.t("skill.action.subSkills")}
      </Link>
    </RecordActions>
  );
}

function SubSkillCard({
  root,
  skill,
  onDeleted,
}: {
  root: RootSkillDetail;
  skill: SubSkill;
  onDeleted: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const needs = skillNames(skill.dependencies, root.subSkills);
  const remove = () =>
    confirmDelete(tr, {
      messages: "subSkill",
      values: { name: skill.name },
      confirmLabel: "subSkill.confirm.delete",
      remove: () => skillsApi.removeSubSkill(root.id, skill.id),
      failed: skillFailure(tr),
      onDeleted,
    });
  return (
    <article className="sub-skill-card" data-testid="sub-skill-card" aria-labelledby={`cell-${skill.id}`}>
      <header className="sub-skill-head">
        <SkillIcon icon={skill.icon} />
        <h3 id={`cell-${skill.id}`}>{skill.name}</h3>
      </header>
      {needs.length > 0 && (
        <p className="sub-skill-meta">
          {t("skill.cell.needs", { names: needs.map((need) => need.name).join(", ") })}
        </p>
      )}
      <p className="sub-skill-meta">{t("skill.cell.courses", { count: skill.courses.length })}</p>
      <EditDeleteActions
        messages="subSkill"
        named={{ name: skill.name }}
        className="sub-skill-actions"
        editHref={editSubSkillHref(root.id, skill.id)}
        editVariant="secondary"
        onDelete={remove}
      />
    </article>
  );
}

/**
 * The root's sub-skill grid as it is laid out for learners: each sub-skill in its cell with what it
 * needs and its courses; a free cell adds a sub-skill there.
 */
function SubSkillGrid({
  root,
  onAdd,
  onChanged,
}: {
  root: RootSkillDetail;
  onAdd: (cell: string) => void;
  onChanged: () => void;
}) {
  const { t } = useT();
  const cells = gridCells(root.subRows, root.subColumns, []);
  const byCell = new Map(root.subSkills.map((skill) => [cellKey(skill.row, skill.column), skill]));
  return (
    <div className="sub-skill-grid-wrap">
      <ul
        className="sub-skill-grid"
        aria-label={t("skill.grid.label", { name: root.name })}
        style={{ gridTemplateColumns: `repeat(${root.subColumns}, minmax(11rem, 1fr))` }}
      >
        {cells.map((cell) => {
          const skill = byCell.get(cell.key);
          return (
            <li key={cell.key} className="sub-skill-cell">
              {skill ? (
                <SubSkillCard root={root} skill={skill} onDeleted={onChanged} />
              ) : (
                <button
                  type="button"
                  className="sub-skill-free"
                  aria-label={t("skill.grid.addAt", { row: cell.row + 1, column: cell.column + 1 })}
                  onClick={() => onAdd(cell.key)}
                >
                  <span aria-hidden="true">+</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The root's details, and the roots it depends on and that depend on it: names from the whole tree's
 * `roots`, null when the tree could not be loaded.
 */
function RootDetails({ root, roots }: { root: RootSkillDetail; roots: readonly RootSkillSummary[] | null }) {
  const { t } = useT();
  // Without the tree, say so rather than calling every id "no longer in the tree".
  const treeError = roots === null && <span className="subtle-cell">{t("skill.treeError")}</span>;
  return (
    <div className="detail-grid">
      <FieldList
        title="skill.section.details"
        fields={recordFields("skill", root, [
          { label: "skill.field.name", value: root.name },
          {
            label: "skill.field.icon",
            value: (
              <span className="skill-name">
                <SkillIcon icon={root.icon} size="lg" />
                {/* A picture link is worth reading in full; an emoji is its own text. */}
                {isImageIcon(root.icon) && <span className="truncate-text">{root.icon}</span>}
              </span>
            ),
          },
          {
            label: "skill.field.position",
            value: t("skill.position", { row: root.row + 1, column: root.column + 1 }),
          },
          {
            label: "skill.field.subGrid",
            value: t("skill.gridSize", { rows: root.subRows, columns: root.subColumns }),
          },
        ])}
      />
      <FieldList
        title="skill.field.dependencies"
        fields={[
          {
            label: "skill.field.dependsOn",
            value: treeError || <RootLinks skills={skillNames(root.dependencies, roots ?? [])} />,
          },
          {
            label: "skill.field.dependents",
            value: treeError || (
              <RootLinks
                skills={dependentsOf(roots ?? [], root.id).map((skill) => ({ ...skill, known: true }))}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * Adding a sub-skill under the grid: the cell it is added at ("" for the first free one, null while not
 * adding; `?add` in the address opens it), a count that restarts the form when another free cell is
 * picked, and the form's element, scrolled to when it opens once the body it is in is drawn (`ready`).
 */
function useSubSkillAdding(ready: boolean) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [adding, setAdding] = useState<string | null>(() =>
    new URLSearchParams(search).has("add") ? "" : null,
  );
  const [addCount, setAddCount] = useState(0);
  const addRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (adding === null || !ready) return;
    // Opened by a link inside the dashboard (`?add`, addCount 0), the shell scrolls to the top 450 ms
    // after the navigation; scroll to the form after that, else it would be undone.
    const delay = addCount === 0 ? scrollDelayMs + 50 : 0;
    const timer = setTimeout(
      () => addRef.current?.scrollIntoView({ block: "start", behavior: "smooth" }),
      delay,
    );
    return () => clearTimeout(timer);
  }, [adding, addCount, ready]);

  return {
    adding,
    addCount,
    addRef,
    start: (cell: string) => {
      setAdding(cell);
      setAddCount((count) => count + 1);
    },
    /** Closes the add form; `?add` leaves the address too, so a reload does not open it again. */
    stop: (rootId: string) => {
      setAdding(null);
      if (search) navigate(manageSkillHref(rootId), { replace: true });
    },
  };
}

/** The sub-skills' card: how many there are in how large a grid, the add button and the grid. */
function SubSkillsSection({
  root,
  freeCell,
  onAdd,
  onChanged,
}: {
  root: RootSkillDetail;
  freeCell: string;
  onAdd: (cell: string) => void;
  onChanged: () => void;
}) {
  const { t } = useT();
  return (
    <section className="detail-card detail-wide" aria-labelledby="sub-skills-title">
      <div className="section-head">
        <div>
          <h2 id="sub-skills-title">{t("skill.section.subSkills")}</h2>
          <p className="field-hint">
            {t("skill.grid.summary", {
              count: root.subSkills.length,
              rows: root.subRows,
              columns: root.subColumns,
            })}
          </p>
        </div>
        <Button variant="secondary" disabled={!freeCell} onClick={() => onAdd(freeCell)}>
          {t("skill.action.addSubSkill")}
        </Button>
      </div>
      <SubSkillGrid root={root} onAdd={onAdd} onChanged={onChanged} />
    </section>
  );
}

/**
 * The root's details, its sub-skills and, while one is being added, the add form; drawn once the tree
 * has answered. The dependency chips come with the tree and take as many lines as there are roots
 * that need this one, which only the tree tells: drawn before it, the sub-skills' cards and their
 * buttons moved down as the chips arrived (74 px on a phone, where the cards stack), and a click aimed
 * at them landed elsewhere. Until then a skeleton stands where the body goes; the header's actions
 * above it need no tree and come with the root.
 */
function RootSkillBody({
  root,
  tree,
  adder,
  onChanged,
}: {
  root: RootSkillDetail;
  tree: Resource<SkillTree>;
  adder: ReturnType<typeof useSubSkillAdding>;
  onChanged: () => void;
}) {
  const { t } = useT();
  const freeCell = firstFreeCell(gridCells(root.subRows, root.subColumns, root.subSkills));
  if (tree.state === "loading") {
    return <LoadingPlaceholder className="table-skeleton" label="skill.treeLoading" />;
  }
  return (
    <>
      <RootDetails root={root} roots={tree.state === "ready" ? tree.data.roots : null} />

      <SubSkillsSection root={root} freeCell={freeCell} onAdd={adder.start} onChanged={onChanged} />

      {adder.adding !== null && (
        <section ref={adder.addRef} className="add-sub-skill" aria-labelledby="add-sub-skill-title">
          <h2 id="add-sub-skill-title">{t("subSkillForm.addTitle")}</h2>
          <SubSkillForm
            key={adder.addCount}
            root={root}
            subSkill={null}
            initialCell={adder.adding || freeCell}
            submitLabel="subSkillForm.create"
            cancel={
              <Button variant="tertiary" onClick={() => adder.stop(root.id)}>
                {t("skillForm.cancel")}
              </Button>
            }
            onSaved={() => {
              adder.stop(root.id);
              onChanged();
            }}
          />
        </section>
      )}
    </>
  );
}

/** `/dashboard/skill-tree/:rootSkill/manage` (spec §2 "Manage Skill Tree"): the root, its grid of sub-skills, and their actions. */
export default function SkillManagePage() {
  const { rootSkill = "" } = useParams<{ rootSkill: string }>();
  const load = useResource(() => skillsApi.get(rootSkill), rootSkill);
  const { resource: tree } = useResource(() => skillsApi.tree(), `tree:${rootSkill}`);
  // The add form is scrolled to once it is drawn, with the rest of the body when the tree is in too.
  const adder = useSubSkillAdding(load.resource.state === "ready" && tree.state !== "loading");
  return (
    <RecordScreen
      kind="skill"
      load={load}
      back={skillListHref()}
      name={(root) => root.name}
      heading={(root) => (
        <>
          <SkillIcon icon={root.icon} size="lg" />
          {root.name}
        </>
      )}
      headingClassName="skill-title"
      actions={(root) => <RootActions root={root} />}
    >
      {(root) => <RootSkillBody root={root} tree={tree} adder={adder} onChanged={load.refresh} />}
    </RecordScreen>
  );
}
