import type { FormEvent } from "react";
import { useLocation } from "wouter";
import {
  type ChallengeDetail,
  type ChallengeRequest,
  challengeDifficulties,
  challengeStatuses,
} from "../../shared/challenges-api.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { RecordFormActions } from "../shell/form/form-actions.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { InputField, SelectField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { RecordFormRoute } from "../shell/form/record-form-route.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { CategoryPicker } from "./category-picker.tsx";
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
import { challengesApi, loadSkillChoices } from "./challenges-api.ts";
import "./challenge-styles.ts";

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

/**
 * The challenge form's state and its ties to the fields: each field's error (a list's entry error, as
 * `skillIds.3`, shows on the list itself), an update that clears the server's refusals about the field,
 * and the save, which opens the saved challenge.
 */
function useChallengeForm(challenge: ChallengeDetail | null) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const form = useFormState<ChallengeFormState>(
    challenge ? challengeFormFromDetail(challenge) : emptyChallengeForm,
    validateChallengeForm,
    challengeRuleMessage,
  );

  /** Whether a refusal is about `path`: the field itself or an entry of its list (`skillIds.3`). */
  const about = (path: FieldPath, name: string) => name === path || name.startsWith(`${path}.`);
  const errorOf = (path: FieldPath) => {
    const key = path in form.errors ? path : Object.keys(form.errors).find((name) => about(path, name));
    return key ? form.errorOf(key, t(fieldLabels[path])) : null;
  };

  const update = <K extends FieldPath>(path: K, value: ChallengeFormState[K]) =>
    form.update(
      (current) => ({ ...current, [path]: value }),
      Object.keys(form.serverErrors).filter((name) => about(path, name)),
    );

  const submit = (event: FormEvent) =>
    submitRecord(form, event, {
      messages: "challenge",
      editing: challenge !== null,
      write: () => {
        // The shared schema has just accepted the body, so it is a ChallengeRequest.
        const body = challengeRequestFromForm(form.state) as ChallengeRequest;
        return challenge ? challengesApi.update(challenge.id, body) : challengesApi.create(body);
      },
      onSaved: (saved) => navigate(challengeHref(saved.id)),
    });

  return { state: form.state, busy: form.busy, errorOf, update, submit };
}

type ChallengeFormModel = ReturnType<typeof useChallengeForm>;

/** The title, description, category, difficulty and status. */
function OverviewCard({
  challenge,
  model,
}: {
  challenge: ChallengeDetail | null;
  model: ChallengeFormModel;
}) {
  const { t } = useT();
  const { state, errorOf, update } = model;
  /** The props that tie a shared control (form-inputs.tsx) to `path`: id, label, error, name and value. */
  const field = <K extends "title" | "description" | "difficulty" | "status">(path: K) => ({
    id: `challenge-${path}`,
    label: t(fieldLabels[path]),
    error: errorOf(path),
    name: path,
    value: state[path],
    onChange: (value: ChallengeFormState[K]) => update(path, value),
  });
  return (
    <section className="detail-card">
      <h2>{t("challenge.section.overview")}</h2>
      <InputField {...field("title")} />
      <TextAreaField {...field("description")} rows={6} />
      <div className="form-row">
        <FormField id="challenge-categoryId" label={t(fieldLabels.categoryId)} error={errorOf("categoryId")}>
          {(props) => (
            <CategoryPicker
              control={props}
              name="categoryId"
              value={state.categoryId}
              selectedName={
                challenge?.category && state.categoryId === challenge.category.id
                  ? challenge.category.title
                  : undefined
              }
              fixedOptions={[{ id: "", name: t("challenge.noCategory") }]}
              onChange={(category) => update("categoryId", category?.id ?? "")}
            />
          )}
        </FormField>
        <SelectField
          {...field("difficulty")}
          empty={t("challengeForm.choose")}
          options={challengeDifficulties.map((value) => ({
            value,
            text: t(`challenge.difficulty.${value}`),
          }))}
        />
        <SelectField
          {...field("status")}
          options={challengeStatuses.map((value) => ({ value, text: t(`challenge.status.${value}`) }))}
        />
      </div>
    </section>
  );
}

function ChallengeForm({ challenge }: { challenge: ChallengeDetail | null }) {
  const model = useChallengeForm(challenge);
  const { state, errorOf, update } = model;
  const skills = useResource(loadSkillChoices, "skills");
  return (
    <form className="entity-form challenge-form" noValidate onSubmit={model.submit}>
      <OverviewCard challenge={challenge} model={model} />

      {/* The picker's boxes are one field: when it is wrong, a refused save focuses its first box. */}
      <div style={{ display: "contents" }} data-invalid={errorOf("skillIds") ? "true" : undefined}>
        <ChallengeSkillPicker
          resource={skills.resource}
          onRetry={skills.reload}
          value={state.skillIds}
          current={challenge?.skills ?? []}
          error={errorOf("skillIds")}
          onChange={(skillIds) => update("skillIds", skillIds)}
        />
      </div>

      {/* Below the skills, the buttons come once the tree is drawn: shown while it loaded, they moved
          down by the height of its groups as it arrived, and a click aimed at them landed elsewhere. */}
      {skills.resource.state !== "loading" && (
        <RecordFormActions
          messages="challengeForm"
          editing={challenge !== null}
          busy={model.busy}
          cancelHref={challenge ? challengeHref(challenge.id) : listHref(challengesPath)}
        />
      )}
    </form>
  );
}

/**
 * `/dashboard/challenges/create` (spec §2 Challenge creation form) and `/dashboard/challenges/:id/edit`:
 * every field of the challenge, checked with the API's own schema before it is sent.
 */
export default function ChallengeFormPage() {
  return (
    <RecordFormRoute
      load={challengesApi.get}
      area="challenge"
      titleId="challenge-form-title"
      createTitle="challengeForm.createTitle"
      editTitle="challengeForm.editTitle"
      recordName={(challenge) => challenge.title}
      backHref={(id) => (id ? challengeHref(id) : listHref(challengesPath))}
    >
      {(challenge) => <ChallengeForm challenge={challenge} />}
    </RecordFormRoute>
  );
}
