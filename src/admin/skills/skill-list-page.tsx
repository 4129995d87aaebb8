import type { FormEvent } from "react";
import { Link } from "wouter";
import { type RootSkillSummary, type SkillTree, skillTreeErrors } from "../../shared/skills-api.ts";
import type { Resource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage } from "../shell/list/use-list-page.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { dependenciesColumn, skillColumns } from "./skill-columns.tsx";
import { skillErrorText, skillFailureText, skillServerFieldErrors } from "./skill-errors.ts";
import { GridSizeInput } from "./skill-form-fields.tsx";
import { skillListUrl, visibleRoots } from "./skill-list-query.ts";
import { manageSkillHref, skillCreatePath, skillTreePath, subSkillsHref } from "./skill-paths.ts";
import { skillsApi } from "./skills-api.ts";
import {
  freeCellCount,
  type TreeGridFormState,
  treeGridForm,
  treeGridRequest,
  validateTreeGridForm,
} from "./tree-grid-form-state.ts";
import "./skill-styles.ts";

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
      <GridSizeInput
        id={`tree-grid-${key}`}
        name={key}
        label={label}
        error={errorOf(key, label)}
        value={state[key]}
        onChange={(value) => update((current) => ({ ...current, [key]: value }), [key, "grid"])}
      />
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
  const tr = useT();
  const { t, formatNumber } = tr;
  useDocumentTitle(t("skills.title"));
  // The API answers the whole tree; the search, sort and page pick the roots shown.
  const list = useListPage({
    path: skillTreePath,
    url: skillListUrl,
    load: () => skillsApi.tree(),
    key: () => "tree",
  });
  const tree = list.resource;
  const roots = tree.state === "ready" ? tree.data.roots : [];
  const visible: Resource<{ items: RootSkillSummary[]; total: number }> =
    tree.state === "ready" ? { state: "ready", data: visibleRoots(tree.data.roots, list.query) } : tree;

  const shared = skillColumns<RootSkillSummary, typeof list.query.sort.field>(
    tr,
    { name: "skills.column.name", position: "skills.column.position", updated: "skills.column.updated" },
    (root) => manageSkillHref(root.id),
  );
  const columns: ListColumn<RootSkillSummary, typeof list.query.sort.field>[] = [
    shared.name,
    shared.position,
    {
      label: "skills.column.subSkills",
      sort: "subSkills",
      numeric: true,
      cell: (root) => (
        <Link href={subSkillsHref(root.id)} className="table-link">
          {formatNumber(root.subSkillCount)}
        </Link>
      ),
    },
    dependenciesColumn(tr, "skills.column.dependencies", roots),
    shared.updated,
  ];

  return (
    <ListPageView
      names={{ messages: "skills", item: "skill" }}
      actions={{ create: { href: skillCreatePath, label: "skills.create" } }}
      list={list}
      resource={visible}
      texts={{ emptyHint: list.query.q ? "skills.emptyHint" : "skills.emptyTreeHint" }}
      columns={columns}
      after={
        tree.state === "ready" && (
          <TreeGridCard
            key={`${tree.data.grid.rows}x${tree.data.grid.columns}`}
            tree={tree.data}
            onSaved={list.refresh}
          />
        )
      }
    />
  );
}
