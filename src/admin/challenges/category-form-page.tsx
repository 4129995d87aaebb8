import type { FormEvent } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { ChallengeCategory } from "../../shared/challenges-api.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { InputField } from "../shell/form/form-inputs.tsx";
import { FormRecordStatus } from "../shell/form/form-record-status.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { PageHeading, useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import {
  type CategoryFormState,
  categoryFormFrom,
  emptyCategoryForm,
  validateCategoryForm,
} from "./category-form-state.ts";
import { categoriesPath, categoryChallengesHref } from "./challenge-paths.ts";
import { categoriesApi } from "./challenges-api.ts";
import { confirmDeleteCategory } from "./delete-category.ts";
import "./challenge-styles.ts";

function CategoryForm({ category }: { category: ChallengeCategory | null }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const form = useFormState<CategoryFormState>(
    category ? categoryFormFrom(category) : emptyCategoryForm,
    validateCategoryForm,
  );
  const { state } = form;

  const errorOf = (field: keyof CategoryFormState) => form.errorOf(field, t(`category.field.${field}`));
  const update = (field: keyof CategoryFormState, value: string) =>
    form.update((current) => ({ ...current, [field]: value }), [field]);

  const submit = (event: FormEvent) =>
    submitRecord(form, event, {
      messages: "category",
      editing: category !== null,
      write: () => (category ? categoriesApi.update(category.id, state) : categoriesApi.create(state)),
      onSaved: () => navigate(listHref(categoriesPath)),
    });

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <InputField
          id="category-title"
          label={t("category.field.title")}
          error={errorOf("title")}
          name="title"
          value={state.title}
          onChange={(title) => update("title", title)}
        />
        <FormField
          id="category-information"
          label={t("category.field.information")}
          error={errorOf("information")}
          describedBy="category-information-hint"
        >
          {(props) => (
            <>
              <p className="field-hint" id="category-information-hint">
                {t("categoryForm.informationHint")}
              </p>
              <textarea
                {...props}
                name="information"
                rows={5}
                value={state.information}
                onChange={(event) => update("information", event.target.value)}
              />
            </>
          )}
        </FormField>
      </section>
      <FormActions
        busy={form.busy}
        busyLabel={t("categoryForm.saving")}
        submitLabel={t(category ? "categoryForm.save" : "categoryForm.create")}
      >
        <FormCancelLink href={listHref(categoriesPath)}>{t("categoryForm.cancel")}</FormCancelLink>
      </FormActions>
    </form>
  );
}

/** The edit screen's header actions: the category's challenges, and delete after a confirmation. */
function CategoryActions({ category }: { category: ChallengeCategory }) {
  const tr = useT();
  const [, navigate] = useLocation();
  return (
    <div className="page-actions">
      <Link href={categoryChallengesHref(category.id)} className={buttonClass({ variant: "secondary" })}>
        {tr.t("category.showChallenges", { count: category.challengeCount })}
      </Link>
      <Button
        variant="secondary"
        className="button-danger"
        onClick={() => confirmDeleteCategory(tr, category, () => navigate(listHref(categoriesPath)))}
      >
        {tr.t("category.action.deleteCategory")}
      </Button>
    </div>
  );
}

/**
 * `/dashboard/challenge-categories/create` and `/dashboard/challenge-categories/:id/edit` (spec §2
 * "Challenge categories (with create and edit)"): title and information, checked with the API's schema.
 */
export default function CategoryFormPage() {
  const { t } = useT();
  const { id } = useParams<{ id?: string }>();
  const { resource, reload } = useResource(
    () => (id ? categoriesApi.get(id) : Promise.resolve(null)),
    id ?? "create",
  );
  useDocumentTitle(
    t(id ? "categoryForm.editTitle" : "categoryForm.createTitle"),
    resource.state === "ready" ? resource.data?.title : null,
  );
  const back = <BackLink href={listHref(categoriesPath)} />;

  if (resource.state !== "ready") {
    return (
      <FormRecordStatus
        resource={resource}
        area="category"
        editing={Boolean(id)}
        back={back}
        onRetry={reload}
      />
    );
  }

  const category = resource.data;
  return (
    <section aria-labelledby="category-form-title">
      {back}
      <header className={category ? "page-header page-header-actions" : "page-header"}>
        <div>
          <PageHeading id="category-form-title">
            {t(category ? "categoryForm.editTitle" : "categoryForm.createTitle")}
          </PageHeading>
          {category && <p className="subtle">{category.title}</p>}
        </div>
        {category && <CategoryActions category={category} />}
      </header>
      <CategoryForm key={category?.id ?? "new"} category={category} />
    </section>
  );
}
