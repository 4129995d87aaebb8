import { type FormEvent, useState } from "react";
import { type AdminWebhook, type WebhookEventName, webhookEvents } from "../../shared/webhooks-api.ts";
import { apiErrorBody, apiErrorMessage, apiErrorStatus } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { CheckField } from "../shell/form/check-field.tsx";
import { InputField } from "../shell/form/form-inputs.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import {
  checkWebhookForm,
  emptyWebhookForm,
  refusedFields,
  toggleEvent,
  type WebhookFormErrors,
  webhookFormOf,
} from "./webhook-form-state.ts";
import { webhooksApi } from "./webhooks-api.ts";

/** Shows the server's refusal with its reason; answers the fields it names. */
function refusal(failure: unknown): WebhookFormErrors {
  showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
  return refusedFields(apiErrorStatus(failure), apiErrorBody(failure));
}

/** The events the webhook listens to, each with what it means; "none" is named under the group. */
function EventChoices({
  idBase,
  events,
  error,
  onChange,
}: {
  idBase: string;
  events: readonly WebhookEventName[];
  error: MessageId | undefined;
  onChange: (name: WebhookEventName, on: boolean) => void;
}) {
  const { t } = useT();
  return (
    <fieldset
      className="webhook-events"
      data-invalid={error ? "true" : undefined}
      aria-describedby={error ? `${idBase}-events-error` : undefined}
    >
      <legend>{t("webhooks.form.events")}</legend>
      {webhookEvents.map((name) => (
        <CheckField
          key={name}
          id={`${idBase}-event-${name}`}
          label={t(`webhooks.event.${name}`)}
          hint={t(`webhooks.event.${name}.hint`)}
          checked={events.includes(name)}
          onChange={(on) => onChange(name, on)}
        />
      ))}
      {error && (
        <p className="form-error field-error" id={`${idBase}-events-error`}>
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The webhook form's values and errors, and its save: checked here first (wrong fields are named
 * without a request), then sent; a refusal names the fields the server refused.
 */
function useWebhookForm(
  projectId: string,
  webhook: AdminWebhook | undefined,
  onSaved: (saved: AdminWebhook) => void,
) {
  const [form, setForm] = useState(() => (webhook ? webhookFormOf(webhook) : emptyWebhookForm()));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWebhookForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = webhook
        ? await webhooksApi.update(projectId, webhook.id, checked.write)
        : await webhooksApi.create(projectId, checked.write);
      showToast({ type: "success", heading: webhook ? "webhooks.saved" : "webhooks.created" });
      onSaved(saved);
    } catch (failure) {
      setErrors(refusal(failure));
    } finally {
      setSaving(false);
    }
  };

  return { form, setForm, errors, saving, submit };
}

/**
 * Adding a webhook (`webhook` absent) or editing one: the address, a description, the events and
 * whether it is active. Wrong fields are named under each before anything is sent; a refusal from
 * the server shows as a toast with its reason, and an address it refuses (internal or local ones,
 * which only the server can judge) is also named under the address.
 */
export function WebhookFormView({
  projectId,
  webhook,
  onSaved,
  onCancel,
}: {
  projectId: string;
  webhook?: AdminWebhook;
  onSaved: (saved: AdminWebhook) => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const { form, setForm, errors, saving, submit } = useWebhookForm(projectId, webhook, onSaved);
  const idBase = `webhook-${webhook?.id ?? "new"}`;
  const errorText = (id: MessageId | undefined) => (id ? t(id) : null);

  return (
    <form className="webhook-form" onSubmit={submit} noValidate aria-labelledby={`${idBase}-title`}>
      <h3 id={`${idBase}-title`} className="webhook-form-title">
        {t(webhook ? "webhooks.form.editTitle" : "webhooks.form.addTitle")}
      </h3>
      <InputField
        id={`${idBase}-url`}
        label={t("webhooks.form.url")}
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/morph"
        autoComplete="off"
        value={form.url}
        error={errorText(errors.url)}
        describedBy={`${idBase}-url-hint`}
        onChange={(url) => setForm((current) => ({ ...current, url }))}
      />
      <p className="subtle field-hint webhook-url-hint" id={`${idBase}-url-hint`}>
        {t("webhooks.form.urlHint")}
      </p>
      <InputField
        id={`${idBase}-description`}
        label={t("webhooks.form.description")}
        maxLength={200}
        value={form.description}
        error={errorText(errors.description)}
        onChange={(description) => setForm((current) => ({ ...current, description }))}
      />
      <EventChoices
        idBase={idBase}
        events={form.events}
        error={errors.events}
        onChange={(name, on) =>
          setForm((current) => ({ ...current, events: toggleEvent(current.events, name, on) }))
        }
      />
      <CheckField
        id={`${idBase}-enabled`}
        label={t("webhooks.form.enabled")}
        hint={t("webhooks.form.enabledHint")}
        checked={form.enabled}
        onChange={(enabled) => setForm((current) => ({ ...current, enabled }))}
      />
      <div className="webhook-form-actions">
        <Button type="submit" size="sm" disabled={saving} aria-busy={saving}>
          {t(webhook ? "webhooks.form.save" : "webhooks.form.create")}
        </Button>
        <Button variant="tertiary" size="sm" onClick={onCancel} disabled={saving}>
          {t("webhooks.form.cancel")}
        </Button>
      </div>
    </form>
  );
}
