import type { FormEvent } from "react";
import { Link } from "wouter";
import {
  type RootSkillSummary,
  type SkillTree,
  skillGridMax,
  skillTreeErrors,
} from "../../shared/skills-schemas.ts";
import type { Resource } from "../api/use-resource.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListHeader, ListTable, ListToolbar } from "../shell/list/list-screen.tsx";
import { SortHeader } from "../shell/list/sort-header.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { skillErrorText, skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";
import { SkillIcon } from "./skill-icon.tsx";
import { skillListUrl, visibleRoots } from "./skill-list-query.ts";
import { skillNames } from "./skill-options.ts";
import { manageSkillHref, skillCreatePath, skillTreePath, subSkillsHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import {
  freeCellCount,
  type TreeGridFormState,
  treeGridForm,
  treeGridRequest,
  validateTreeGridForm,
} from "./tree-grid-form-state.ts";
import "./skills.css";

function RootRow({ root, roots }: { root: RootSkillSummary; roots: readonly RootSkillSummary[] }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const needs = skillNames(root.dependencies, roots);
  return (
    <tr data-testid="skill-row">
      <td className="primary-cell">
        <Link href={manageSkillHref(root.id)} className="table-link skill-name">
          <SkillIcon icon={root.icon} />
          {root.name}
        </Link>
      </td>
      <td data-label={t("skills.column.position")}>
        {t("skill.position", { row: root.row + 1, column: root.column + 1 })}
      </td>
      <td className="numeric" data-label={t("skills.column.subSkills")}>
        <Link href={subSkillsHref(root.id)} className="table-link">
          {formatNumber(root.subSkillCount)}
        </Link>
      </td>
      <td className={needs.length ? "wrap-cell" : "subtle-cell"} data-label={t("skills.column.dependencies")}>
        {needs.length ? needs.map((need) => need.name).join(", ") : t("skill.none")}
      </td>
      <td title={format.dateTime(root.updatedAt)} data-label={t("skills.column.updated")}>
        {format.ago(root.updatedAt)}
      </td>
    </tr>
  );
}

/** The "Tree grid" card: how many rows and columns of cells the root skills sit in. */
function TreeGridCard({ tree, onSaved }: { tree: SkillTree; onSaved: () => void }) {
  const tr = useT();
  const { t } = tr;
  const form = useFormState<TreeGridFormState>(
    () => treeGridForm(tree.grid),
    validateTreeGridForm,
    skillErrorText,
  );
  const { state, update, errorOf } = form;
  const free = freeCellCount(tree.grid, tree.roots.length);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit()) return;
    await form.save(
      async () => {
        await skillsApi.updateGrid(treeGridRequest(state) as SkillTree["grid"]);
        showToast({ type: "success", heading: "skills.grid.saved" });
        onSaved();
      },
      (failure) =>
        form.refuse(
          skillServerFieldErrors(failure, (path) => path, { [skillTreeErrors.outsideGrid]: "grid" }),
          skillFailureText(tr, failure),
        ),
    );
  };

  const sizeInput = (key: "rows" | "columns") => {
    const label = t(key === "rows" ? "skills.grid.rows" : "skills.grid.columns");
    return (
      <FormField id={`tree-grid-${key}`} label={label} error={errorOf(key, label)}>
        {(props) => (
          <input
            {...props}
            name={key}
            type="number"
            inputMode="numeric"
            min={1}
            max={skillGridMax}
            step={1}
            value={state[key]}
            onChange={(event) => {
              const value = event.target.value;
              update((current) => ({ ...current, [key]: value }), [key, "grid"]);
            }}
          />
        )}
      </FormField>
    );
  };

  return (
    <section className="detail-card tree-grid-card" aria-labelledby="tree-grid-title">
      <h2 id="tree-grid-title">{t("skills.grid.title")}</h2>
      <p className="field-hint">
        {t("skills.grid.summary", { rows: tree.grid.rows, columns: tree.grid.columns, free })}{" "}
        {t("skills.grid.hint")}
      </p>
      <form className="tree-grid-form" noValidate onSubmit={submit}>
        {sizeInput("rows")}
        {sizeInput("columns")}
        <Button type="submit" variant="secondary" disabled={form.busy}>
          {form.busy ? t("skillForm.saving") : t("skills.grid.save")}
        </Button>
      </form>
      {errorOf("grid", "") && (
        <p className="form-error field-error" role="alert">
          {errorOf("grid", "")}
        </p>
      )}
    </section>
  );
}

/**
 * `/dashboard/skill-tree` (spec §2 Skill Tree): the root skills with their icon, place in the grid,
 * number of sub-skills and dependencies; search, sorting and pages kept in the URL; the grid's size.
 */
export default function SkillListPage() {
  const { t } = useT();
  useDocumentTitle(t("skills.title"));
  const list = useListQuery(skillTreePath, skillListUrl);
  const { resource: tree, reload, refresh } = useResource(() => skillsApi.tree(), "tree");
  const visible: Resource<{ items: RootSkillSummary[]; total: number }> =
    tree.state === "ready" ? { state: "ready", data: visibleRoots(tree.data.roots, list.query) } : tree;

  return (
    <section aria-labelledby="skills-title">
      <ListHeader
        id="skills-title"
        title={t("skills.title")}
        subtitle={t("skills.subtitle")}
        actions={
          <Link href={skillCreatePath} className={buttonClass()}>
            {t("skills.create")}
          </Link>
        }
      />
      <ListToolbar
        id="skill-search"
        label="skills.search"
        placeholder="skills.searchPlaceholder"
        list={list}
      />
      <ListTable
        list={list}
        resource={visible}
        texts={{
          loading: "skills.loading",
          error: "skills.error",
          retry: "list.retry",
          empty: "skills.empty",
          emptyHint: list.query.q ? "skills.emptyHint" : "skills.emptyTreeHint",
          count: "skills.count",
        }}
        onRetry={reload}
        head={
          <>
            <SortHeader field="name" label="skills.column.name" {...list.sortProps} />
            <SortHeader field="position" label="skills.column.position" {...list.sortProps} />
            <SortHeader field="subSkills" label="skills.column.subSkills" numeric {...list.sortProps} />
            <th scope="col">{t("skills.column.dependencies")}</th>
            <SortHeader field="updatedAt" label="skills.column.updated" {...list.sortProps} />
          </>
        }
      >
        {(data) =>
          data.items.map((root) => (
            <RootRow key={root.id} root={root} roots={tree.state === "ready" ? tree.data.roots : []} />
          ))
        }
      </ListTable>
      {tree.state === "ready" && (
        <TreeGridCard
          key={`${tree.data.grid.rows}x${tree.data.grid.columns}`}
          tree={tree.data}
          onSaved={refresh}
        />
      )}
    </section>
  );
}
