import { type FormEvent, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { ChallengeCategory } from "../../shared/challenges-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail-status.tsx";
import { type FieldErrors, ruleMessage, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import {
  type CategoryFormState,
  categoryFormFrom,
  emptyCategoryForm,
  validateCategoryForm,
} from "./category-form-state.ts";
import { categoriesPath, categoryChallengesHref } from "./challenge-paths.ts";
import { categoriesApi } from "./challenges-api.ts";
import { confirmDeleteCategory } from "./delete-category.ts";
import { listHref } from "./use-list-query.ts";
import "./challenges.css";

function CategoryForm({ category }: { category: ChallengeCategory | null }) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const [form, setForm] = useState<CategoryFormState>(
    category ? categoryFormFrom(category) : emptyCategoryForm,
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validateCategoryForm(form) : {}) };

  const errorOf = (field: keyof CategoryFormState) => {
    const message = errors[field];
    return message ? ruleMessage(tr, message, t(`category.field.${field}`)) : null;
  };
  const update = (field: keyof CategoryFormState, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateCategoryForm(form)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    setBusy(true);
    try {
      if (category) await categoriesApi.update(category.id, form);
      else await categoriesApi.create(form);
      showToast({ type: "success", heading: category ? "category.updated" : "category.created" });
      navigate(listHref(categoriesPath));
    } catch (failure) {
      const fieldError = serverFieldError(failure);
      if (fieldError) {
        setServerErrors(fieldError);
        showToast({ type: "error", heading: "form.invalid" });
      } else {
        showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <FormField id="category-title" label={t("category.field.title")} error={errorOf("title")}>
          {(props) => (
            <input
              {...props}
              name="title"
              maxLength={100}
              value={form.title}
              onChange={(event) => update("title", event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="category-information"
          label={t("category.field.information")}
          error={errorOf("information")}
        >
          {(props) => (
            <>
              <p className="field-hint" id="category-information-hint">
                {t("categoryForm.informationHint")}
              </p>
              <textarea
                {...props}
                aria-describedby={[props["aria-describedby"], "category-information-hint"]
                  .filter(Boolean)
                  .join(" ")}
                name="information"
                rows={5}
                value={form.information}
                onChange={(event) => update("information", event.target.value)}
              />
            </>
          )}
        </FormField>
      </section>
      <div className="page-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t("categoryForm.saving") : t(category ? "categoryForm.save" : "categoryForm.create")}
        </Button>
        <Link href={listHref(categoriesPath)} className={buttonClass({ variant: "tertiary" })}>
          {t("categoryForm.cancel")}
        </Link>
      </div>
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
  const back = (
    <Link href={listHref(categoriesPath)} className={buttonClass({ variant: "tertiary", size: "sm" })}>
      ← {t("nav.goBack")}
    </Link>
  );

  if (resource.state !== "ready") {
    return (
      <DetailStatus
        resource={resource}
        texts={{
          loading: id ? "category.loading" : "loading.page",
          notFound: "category.notFound",
          notFoundHint: "category.notFoundHint",
          error: "category.error",
          retry: "list.retry",
        }}
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
          <h1 id="category-form-title">
            {t(category ? "categoryForm.editTitle" : "categoryForm.createTitle")}
          </h1>
          {category && <p className="subtle">{category.title}</p>}
        </div>
        {category && <CategoryActions category={category} />}
      </header>
      <CategoryForm key={category?.id ?? "new"} category={category} />
    </section>
  );
}
