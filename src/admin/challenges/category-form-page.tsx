import type { FormEvent } from "react";
import { Link, useLocation } from "wouter";
import type { ChallengeCategory } from "../../shared/challenges-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { RecordFormActions } from "../shell/form/form-actions.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { InputField } from "../shell/form/form-inputs.tsx";
import { RecordFormRoute } from "../shell/form/record-form-route.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
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
  const information = form.field("category-information", "information", t("category.field.information"));

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
        <InputField {...form.field("category-title", "title", t("category.field.title"))} />
        <FormField
          id={information.id}
          label={information.label}
          error={information.error}
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
                value={information.value}
                onChange={(event) => information.onChange(event.target.value)}
              />
            </>
          )}
        </FormField>
      </section>
      <RecordFormActions
        messages="categoryForm"
        editing={category !== null}
        busy={form.busy}
        cancelHref={listHref(categoriesPath)}
      />
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
  return (
    <RecordFormRoute
      load={categoriesApi.get}
      area="category"
      titleId="category-form-title"
      createTitle="categoryForm.createTitle"
      editTitle="categoryForm.editTitle"
      recordName={(category) => category.title}
      backHref={() => listHref(categoriesPath)}
      actions={(category) => <CategoryActions category={category} />}
    >
      {(category) => <CategoryForm category={category} />}
    </RecordFormRoute>
  );
}
