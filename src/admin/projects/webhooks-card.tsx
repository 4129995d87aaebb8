import { useState } from "react";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { listTexts } from "../shell/list/list-page.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { SettingsCard } from "./settings-card.tsx";
import { WebhookFormView } from "./webhook-form.tsx";
import { WebhookItem } from "./webhook-item.tsx";
import "./webhook-styles.ts";
import { useShownTogether } from "../shell/layout/shown-together.tsx";
import { webhooksApi } from "./webhooks-api.ts";

/**
 * The project's outgoing webhooks, a card of the settings page: each webhook
 * with its secret, "Send test" and delivery log, and the form to add one.
 */
export function WebhooksCard({ projectId }: { projectId: string }) {
  const { t } = useT();
  const { resource, reload, refresh } = useResource(() => webhooksApi.list(projectId), projectId);
  useShownTogether(resource.state !== "loading");
  const [adding, setAdding] = useState(false);

  return (
    <SettingsCard
      id="webhooks-title"
      title={t("webhooks.title")}
      lead={t("webhooks.lead")}
      testId="webhooks-card"
      action={
        !adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            {t("webhooks.add")}
          </Button>
        )
      }
    >
      {adding && (
        <div className="webhook-item">
          <WebhookFormView
            projectId={projectId}
            onSaved={() => {
              setAdding(false);
              refresh();
            }}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}
      <ListStatus resource={resource} onRetry={reload} texts={listTexts("webhooks")}>
        {(data) => (
          <ul className="webhook-list">
            {data.items.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                projectId={projectId}
                webhook={webhook}
                onChanged={refresh}
                onDeleted={refresh}
              />
            ))}
          </ul>
        )}
      </ListStatus>
    </SettingsCard>
  );
}
