import { useState } from "react";
import type { AdminWebhook } from "../../shared/webhooks-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { SecretValue } from "./secret-value.tsx";
import { WebhookDeliveryLog } from "./webhook-delivery-log.tsx";
import { WebhookFormView } from "./webhook-form.tsx";
import { webhooksApi } from "./webhooks-api.ts";

/**
 * One webhook: where it goes, what it listens to and whether it is active; its signing secret (hidden
 * until revealed, copyable), "Send test", edit and delete, and its delivery log.
 */
export function WebhookItem({
  projectId,
  webhook,
  onChanged,
  onDeleted,
}: {
  projectId: string;
  webhook: AdminWebhook;
  onChanged: (saved: AdminWebhook) => void;
  onDeleted: () => void;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [testing, setTesting] = useState(false);
  // Each test sent makes the log read again and follow the delivery.
  const [logVersion, setLogVersion] = useState(0);

  const sendTest = async () => {
    setTesting(true);
    try {
      await webhooksApi.sendTest(projectId, webhook.id);
      showToast({ type: "success", heading: "webhooks.testQueued", body: "webhooks.testQueuedBody" });
      setLogVersion((current) => current + 1);
    } catch (failure) {
      showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
    } finally {
      setTesting(false);
    }
  };

  const remove = () =>
    confirmAction({
      type: "danger",
      heading: "webhooks.deleteHeading",
      body: "webhooks.deleteBody",
      confirmLabel: "webhooks.deleteConfirm",
      onConfirm: async () => {
        try {
          await webhooksApi.remove(projectId, webhook.id);
          showToast({ type: "success", heading: "webhooks.deleted" });
          onDeleted();
        } catch (failure) {
          showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
        }
      },
    });

  if (editing)
    return (
      <li className="webhook-item">
        <WebhookFormView
          projectId={projectId}
          webhook={webhook}
          onSaved={(saved) => {
            setEditing(false);
            onChanged(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );

  return (
    <li className="webhook-item" data-testid="webhook-item">
      <div className="webhook-head">
        <div className="webhook-summary">
          <p className="webhook-url">
            <code className="inline-code" title={webhook.url}>
              {webhook.url}
            </code>
            <span className={webhook.enabled ? "badge badge-success" : "badge"}>
              {t(webhook.enabled ? "webhooks.enabled" : "webhooks.disabled")}
            </span>
          </p>
          <p className="subtle webhook-description">{webhook.description || t("webhooks.noDescription")}</p>
          <ul className="webhook-event-list">
            {webhook.events.map((name) => (
              <li key={name} className="webhook-event-chip">
                {t(`webhooks.event.${name}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="webhook-actions">
          <Button size="sm" onClick={sendTest} disabled={testing} aria-busy={testing}>
            {t("webhooks.sendTest")}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            {t("webhooks.edit")}
          </Button>
          <Button variant="tertiary" size="sm" className="danger-text" onClick={remove}>
            {t("webhooks.delete")}
          </Button>
        </div>
      </div>
      <div className="copy-row webhook-secret">
        <span className="copy-label">{t("webhooks.secret.label")}</span>
        <SecretValue
          value={webhook.secret}
          revealed={revealed}
          onToggle={() => setRevealed((current) => !current)}
          testId="webhook-secret"
          texts={{
            reveal: "webhooks.secret.reveal",
            hide: "webhooks.secret.hide",
            copy: "webhooks.secret.copy",
          }}
        />
      </div>
      <p className="subtle field-hint">{t("webhooks.secret.howTo")}</p>
      <WebhookDeliveryLog projectId={projectId} webhookId={webhook.id} version={logVersion} />
    </li>
  );
}
