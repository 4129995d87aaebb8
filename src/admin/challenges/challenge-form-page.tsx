import { type FormEvent, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import {
  type ChallengeCategory,
  type ChallengeDetail,
  type ChallengeRequest,
  challengeDifficulties,
  challengeStatuses,
} from "../../shared/challenges-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail-status.tsx";
import { type FieldErrors, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import {
  type ChallengeFormState,
  challengeFormFromDetail,
  challengeRequestFromForm,
  emptyChallengeForm,
  validateChallengeForm,
} from "./challenge-form-state.ts";
import { challengeHref, challengesPath } from "./challenge-paths.ts";
import { challengeRuleMessage } from "./challenge-rule-message.ts";
import { ChallengeSkillPicker } from "./challenge-skill-picker.tsx";
import { categoriesApi, challengesApi } from "./challenges-api.ts";
import { listHref } from "./use-list-query.ts";
import "./challenges.css";

type FieldPath = keyof ChallengeFormState;

/** Which label names a field in "{field} is required". */
const fieldLabels: Record<FieldPath, MessageId> = {
  title: "challenge.field.title",
  description: "challenge.field.description",
  categoryId: "challenge.field.category",
  difficulty: "challenge.field.difficulty",
  status: "challenge.field.status",
  skillIds: "challenge.field.skills",
};

function ChallengeForm({
  challenge,
  categories,
}: {
  challenge: ChallengeDetail | null;
  categories: readonly Pick<ChallengeCategory, "id" | "title">[];
}) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const [state, setState] = useState<ChallengeFormState>(
    challenge ? challengeFormFromDetail(challenge) : emptyChallengeForm,
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  // After a first submit every rule shows as the admin types; a server refusal shows until the field changes.
  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validateChallengeForm(state) : {}) };
  // A list's entry error (`skillIds.3`) shows on the list itself.
  const errorOf = (path: FieldPath) => {
    const key = path in errors ? path : Object.keys(errors).find((name) => name.startsWith(`${path}.`));
    const message = key ? errors[key] : undefined;
    return message ? challengeRuleMessage(tr, message, t(fieldLabels[path])) : null;
  };

  const update = <K extends FieldPath>(path: K, value: ChallengeFormState[K]) => {
    setState((current) => ({ ...current, [path]: value }));
    if (Object.keys(serverErrors).some((name) => name === path || name.startsWith(`${path}.`))) {
      setServerErrors({});
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateChallengeForm(state)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    // The shared schema has just accepted the body, so it is a ChallengeRequest.
    const body = challengeRequestFromForm(state) as ChallengeRequest;
    setBusy(true);
    try {
      const saved = challenge
        ? await challengesApi.update(challenge.id, body)
        : await challengesApi.create(body);
      showToast({ type: "success", heading: challenge ? "challenge.updated" : "challenge.created" });
      navigate(challengeHref(saved.id));
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

  const categoryKnown = categories.some((category) => category.id === state.categoryId);
  const select = (
    path: "categoryId" | "difficulty" | "status",
    options: Array<{ value: string; text: string }>,
    empty: string | null,
  ) => (
    <FormField id={`challenge-${path}`} label={t(fieldLabels[path])} error={errorOf(path)}>
      {(props) => (
        <select
          {...props}
          name={path}
          value={state[path]}
          onChange={(event) => update(path, event.target.value as ChallengeFormState[typeof path])}
        >
          {empty !== null && <option value="">{empty}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <form className="entity-form challenge-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <h2>{t("challenge.section.overview")}</h2>
        <FormField id="challenge-title" label={t(fieldLabels.title)} error={errorOf("title")}>
          {(props) => (
            <input
              {...props}
              name="title"
              maxLength={120}
              value={state.title}
              onChange={(event) => update("title", event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="challenge-description"
          label={t(fieldLabels.description)}
          error={errorOf("description")}
        >
          {(props) => (
            <textarea
              {...props}
              name="description"
              rows={6}
              value={state.description}
              onChange={(event) => update("description", event.target.value)}
            />
          )}
        </FormField>
        <div className="form-row">
          {select(
            "categoryId",
            [
              // The challenge's category stays choosable even when the choice list has not loaded it.
              ...(challenge?.category && !categoryKnown && state.categoryId === challenge.category.id
                ? [{ value: challenge.category.id, text: challenge.category.title }]
                : []),
              ...categories.map((category) => ({ value: category.id, text: category.title })),
            ],
            t("challenge.noCategory"),
          )}
          {select(
            "difficulty",
            challengeDifficulties.map((value) => ({ value, text: t(`challenge.difficulty.${value}`) })),
            t("challengeForm.choose"),
          )}
          {select(
            "status",
            challengeStatuses.map((value) => ({ value, text: t(`challenge.status.${value}`) })),
            null,
          )}
        </div>
      </section>

      <ChallengeSkillPicker
        value={state.skillIds}
        current={challenge?.skills ?? []}
        error={errorOf("skillIds")}
        onChange={(skillIds) => update("skillIds", skillIds)}
      />

      <div className="page-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t("challengeForm.saving") : t(challenge ? "challengeForm.save" : "challengeForm.create")}
        </Button>
        <Link
          href={challenge ? challengeHref(challenge.id) : listHref(challengesPath)}
          className={buttonClass({ variant: "tertiary" })}
        >
          {t("challengeForm.cancel")}
        </Link>
      </div>
    </form>
  );
}

/**
 * `/dashboard/challenges/create` (spec §2 Challenge creation form) and `/dashboard/challenges/:id/edit`:
 * every field of the challenge, checked with the API's own schema before it is sent.
 */
export default function ChallengeFormPage() {
  const { t } = useT();
  const { id } = useParams<{ id?: string }>();
  const { resource: challenge, reload } = useResource(
    () => (id ? challengesApi.get(id) : Promise.resolve(null)),
    id ?? "create",
  );
  const { resource: categories, reload: reloadCategories } = useResource(
    () => categoriesApi.choices(),
    "categories",
  );

  const back = (
    <Link
      href={id ? challengeHref(id) : listHref(challengesPath)}
      className={buttonClass({ variant: "tertiary", size: "sm" })}
    >
      ← {t("nav.goBack")}
    </Link>
  );

  if (challenge.state !== "ready") {
    return (
      <DetailStatus
        resource={challenge}
        texts={{
          loading: id ? "challenge.loading" : "loading.page",
          notFound: "challenge.notFound",
          notFoundHint: "challenge.notFoundHint",
          error: "challenge.error",
          retry: "list.retry",
        }}
        back={back}
        onRetry={reload}
      />
    );
  }
  if (categories.state === "loading") {
    return (
      <section aria-busy="true">
        {back}
        <p className="subtle" role="status">
          {t("loading.page")}
        </p>
      </section>
    );
  }
  if (categories.state === "error") {
    return (
      <section>
        {back}
        <div className="state-panel" role="alert">
          <p>{t("challengeForm.categoriesError")}</p>
          <Button variant="secondary" onClick={reloadCategories}>
            {t("list.retry")}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="challenge-form-title">
      {back}
      <header className="page-header">
        <h1 id="challenge-form-title">{t(id ? "challengeForm.editTitle" : "challengeForm.createTitle")}</h1>
        {challenge.data && <p className="subtle">{challenge.data.title}</p>}
      </header>
      <ChallengeForm
        key={challenge.data?.id ?? "new"}
        challenge={challenge.data}
        categories={categories.data.items}
      />
    </section>
  );
}
