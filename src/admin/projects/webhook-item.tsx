import { useState } from "react";
import type { AdminWebhook } from "../../shared/webhooks-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { SecretValue } from "./secret-value.tsx";
import { WebhookDeliveryLog } from "./webhook-delivery-log.tsx";
import { WebhookFormView } from "./webhook-form.tsx";
import { webhooksApi } from "./webhooks-api.ts";

/** Where the webhook goes, whether it is active, its description and the events it listens to. */
function WebhookSummary({ webhook }: { webhook: AdminWebhook }) {
  const { t } = useT();
  return (
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
  );
}

/** The signing secret, hidden until revealed and copyable, with how a receiver checks it. */
function WebhookSecret({
  secret,
  revealed,
  onToggle,
}: {
  secret: string;
  revealed: boolean;
  onToggle: () => void;
}) {
  const { t } = useT();
  return (
    <>
      <div className="copy-row webhook-secret">
        <span className="copy-label">{t("webhooks.secret.label")}</span>
        <SecretValue
          value={secret}
          revealed={revealed}
          onToggle={onToggle}
          testId="webhook-secret"
          texts={{
            reveal: "webhooks.secret.reveal",
            hide: "webhooks.secret.hide",
            copy: "webhooks.secret.copy",
          }}
        />
      </div>
      <p className="subtle field-hint">{t("webhooks.secret.howTo")}</p>
    </>
  );
}

/**
 * "Send test" (each test sent makes the log read again and follow the delivery: `logVersion`) and the
 * delete, after a confirmation.
 */
function useWebhookActions(projectId: string, webhook: AdminWebhook, onDeleted: () => void) {
  const [testing, setTesting] = useState(false);
  const [logVersion, setLogVersion] = useState(0);

  const sendTest = async () => {
    setTesting(true);
    const sent = await runAction(() => webhooksApi.sendTest(projectId, webhook.id), {
      heading: "webhooks.testQueued",
      body: "webhooks.testQueuedBody",
    });
    if (sent.ok) setLogVersion((current) => current + 1);
    setTesting(false);
  };

  const remove = () =>
    confirmRemoval({
      heading: "webhooks.deleteHeading",
      body: "webhooks.deleteBody",
      confirmLabel: "webhooks.deleteConfirm",
      remove: () => webhooksApi.remove(projectId, webhook.id),
      done: "webhooks.deleted",
      onRemoved: onDeleted,
    });

  return { testing, logVersion, sendTest, remove };
}

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
  // Kept here, not in the secret's row, so an edit does not hide a revealed secret again.
  const [revealed, setRevealed] = useState(false);
  const { testing, logVersion, sendTest, remove } = useWebhookActions(projectId, webhook, onDeleted);

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
        <WebhookSummary webhook={webhook} />
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
      <WebhookSecret
        secret={webhook.secret}
        revealed={revealed}
        onToggle={() => setRevealed((current) => !current)}
      />
      <WebhookDeliveryLog projectId={projectId} webhookId={webhook.id} version={logVersion} />
    </li>
  );
}
