import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FeatureRequest } from "../../shared/messenger-api.ts";
import { type ApiError, Icon, toApiError, useErrorText, useShell, useTexts } from "../shell/shell-api.ts";
import { draftErrors, limits, type RequestDraft } from "./feature-request-model.ts";
import { featureRequestTexts } from "./feature-request-texts.ts";

const fieldIds = { title: "request-title", description: "request-description" } as const;

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
      <div className={titleError ? "field field--invalid" : "field"}>
        <label className="field-label" htmlFor={fieldIds.title}>
          {t("requests.title")}
        </label>
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
        {titleError && (
          <p className="field-error" id={`${fieldIds.title}-error`} data-testid="request-title-error">
            <Icon name="alert" size={14} />
            {titleError}
          </p>
        )}
      </div>
      <div className={descriptionError ? "field field--invalid" : "field"}>
        <label className="field-label" htmlFor={fieldIds.description}>
          {t("requests.description")} <span className="field-optional">({t("requests.optional")})</span>
        </label>
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
        {descriptionError && (
          <p
            className="field-error"
            id={`${fieldIds.description}-error`}
            data-testid="request-description-error"
          >
            <Icon name="alert" size={14} />
            {descriptionError}
          </p>
        )}
        {draft.description.length > limits.descriptionMax * 0.9 && (
          <p className="field-count">
            {draft.description.length} / {limits.descriptionMax}
          </p>
        )}
      </div>
      {general && (
        <div className="alert" role="alert" data-testid="request-failed">
          <Icon name="alert" size={18} />
          <span>{failure.status === 429 ? t("requests.tooMany") : errorText(failure)}</span>
        </div>
      )}
      <div className="request-form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={sending}>
          {t("requests.cancel")}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={sending}
          aria-busy={sending || undefined}
          data-testid="request-submit"
        >
          {sending && <span className="button-spinner" aria-hidden="true" />}
          {sending ? t("requests.submitting") : t("requests.submit")}
        </button>
      </div>
    </form>
  );
}
