import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { FeatureRequest } from "../../shared/feature-requests-api.ts";
import {
  AlertBox,
  type ApiError,
  FieldErrorText,
  SubmitButton,
  toApiError,
  useErrorText,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { draftErrors, limits, type RequestDraft } from "./feature-request-model.ts";
import { featureRequestTexts } from "./feature-request-texts.ts";

const fieldIds = { title: "request-title", description: "request-description" } as const;

/** A field of the form: its label, its control, the rule it breaks (and anything `after` that). */
function DraftField({
  id,
  label,
  error,
  after,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <FieldErrorText id={`${id}-error`} testId={`${id}-error`}>
          {error}
        </FieldErrorText>
      )}
      {after}
    </div>
  );
}

/**
 * A new feature request (`POST /feature-requests`): a title of at least 3 characters and an optional
 * description. Rules show at their fields after the first submit and then as the visitor types; a
 * refusal the server pins on a field lands there; focus goes to the first field that needs the visitor.
 */
export function FeatureRequestForm({
  onCreated,
  onCancel,
}: {
  onCreated(request: FeatureRequest): void;
  onCancel(): void;
}) {
  const t = useTexts(featureRequestTexts);
  const errorText = useErrorText();
  const { api } = useShell();
  const [draft, setDraft] = useState<RequestDraft>({ title: "", description: "" });
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const title = useRef<HTMLInputElement>(null);
  const description = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);

  const local = tried ? draftErrors(draft) : {};
  const serverField = failure?.kind === "rejected" ? failure.field : undefined;
  const fieldError = (field: keyof RequestDraft) =>
    local[field] ? t(local[field]) : serverField === field ? failure?.message : undefined;
  const titleError = fieldError("title");
  const descriptionError = fieldError("description");

  const change = (field: keyof RequestDraft, value: string) => {
    setDraft((old) => ({ ...old, [field]: value }));
    if (serverField === field) setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    const errors = draftErrors(draft);
    if (errors.title) return title.current?.focus();
    if (errors.description) return description.current?.focus();
    setSending(true);
    setFailure(null);
    try {
      const created = await api.post<FeatureRequest>("/feature-requests", {
        title: draft.title.trim(),
        description: draft.description.trim(),
      });
      onCreated(created);
    } catch (caught) {
      const error = toApiError(caught);
      setFailure(error);
      setSending(false);
      if (error.kind === "rejected" && error.field === "description") description.current?.focus();
      else if (error.kind === "rejected" && error.field === "title") title.current?.focus();
    }
  };

  const general =
    failure && !(failure.kind === "rejected" && (serverField === "title" || serverField === "description"));
  return (
    <form
      className="card request-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="request-form-title"
      data-testid="request-form"
    >
      <h2 className="request-form-title" id="request-form-title">
        {t("requests.formTitle")}
      </h2>
      <DraftField id={fieldIds.title} label={t("requests.title")} error={titleError}>
        <input
          ref={title}
          id={fieldIds.title}
          className="input"
          dir="auto"
          value={draft.title}
          placeholder={t("requests.titlePlaceholder")}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${fieldIds.title}-error` : undefined}
          aria-required="true"
          onChange={(event) => change("title", event.target.value)}
        />
      </DraftField>
      <DraftField
        id={fieldIds.description}
        label={
          <>
            {t("requests.description")} <span className="field-optional">({t("requests.optional")})</span>
          </>
        }
        error={descriptionError}
        after={
          draft.description.length > limits.descriptionMax * 0.9 && (
            <p className="field-count">
              {draft.description.length} / {limits.descriptionMax}
            </p>
          )
        }
      >
        <textarea
          ref={description}
          id={fieldIds.description}
          className="input"
          dir="auto"
          rows={4}
          value={draft.description}
          placeholder={t("requests.descriptionPlaceholder")}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? `${fieldIds.description}-error` : undefined}
          onChange={(event) => change("description", event.target.value)}
        />
      </DraftField>
      {general && (
        <AlertBox testId="request-failed">
          {failure.status === 429 ? t("requests.tooMany") : errorText(failure)}
        </AlertBox>
      )}
      <div className="request-form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={sending}>
          {t("requests.cancel")}
        </button>
        <SubmitButton busy={sending} busyText={t("requests.submitting")} testId="request-submit">
          {t("requests.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
