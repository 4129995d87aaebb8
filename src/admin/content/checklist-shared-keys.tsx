import { useState } from "react";
import { type SharedKeyResult, sharedKeyNamePattern } from "../../shared/checklist-shared-key-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { contentApi } from "./content-api.ts";
import { TextField } from "./content-fields.tsx";

/**
 * A saved checklist's shared keys: visitors who open the checklist with the same key work on
 * one instance together (a team, an account). The server signs each key, and the widget takes no other,
 * so the site owner gets them here (or from the same API) and puts one on the page.
 */
export function ChecklistSharedKeys({ projectId, outboundId }: { projectId: string; outboundId: string }) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<SharedKeyResult | null>(null);
  const [busy, setBusy] = useState(false);

  const issue = async () => {
    const group = name.trim();
    if (!sharedKeyNamePattern.test(group)) {
      setError(t("content.sharedKey.invalidName"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setIssued(await contentApi.sharedKey(projectId, outboundId, group));
    } catch (failure) {
      setError(apiErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const snippet = issued
    ? `<gleap-checklist checklistid="${outboundId}" sharedkey="${issued.sharedKey}"></gleap-checklist>`
    : "";
  return (
    <section className="detail-card" aria-labelledby="checklist-shared-keys-title">
      <h2 id="checklist-shared-keys-title">{t("content.sharedKey.title")}</h2>
      <p className="subtle">{t("content.sharedKey.about")}</p>
      <div className="form-row">
        <TextField
          id="checklist-shared-key-name"
          label={t("content.sharedKey.name")}
          value={name}
          hint={t("content.sharedKey.nameHint")}
          placeholder="acme-42"
          code
          error={error}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || name.trim() === ""}
        onClick={() => void issue()}
      >
        {t("content.sharedKey.issue")}
      </Button>
      {issued && (
        <dl className="shared-key-result">
          <dt>{t("content.sharedKey.key", { name: issued.name })}</dt>
          <dd>
            <code id="checklist-shared-key">{issued.sharedKey}</code>
          </dd>
          <dt>{t("content.sharedKey.snippet")}</dt>
          <dd>
            <pre>
              <code>{snippet}</code>
            </pre>
          </dd>
        </dl>
      )}
    </section>
  );
}
