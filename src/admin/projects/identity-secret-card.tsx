import { useState } from "react";
import type { AdminProjectSettings } from "../../shared/inbox-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { projectsApi } from "./projects-api.ts";
import { SecretValue } from "./secret-value.tsx";
import { identifyExample } from "./widget-snippet.ts";

/**
 * The identity-verification secret: hidden until revealed (it signs user ids; a shoulder-surfed one
 * lets anyone pose as any user), copyable, and rotated only after a confirmation that says what breaks.
 * A rotation answers the whole settings; only the secret is taken from it, so the unsaved form
 * around it keeps what the admin typed.
 */
export function IdentitySecretCard({
  project,
  onRotated,
}: {
  project: AdminProjectSettings;
  onRotated: (secret: string) => void;
}) {
  const { t } = useT();
  const [revealed, setRevealed] = useState(false);
  const example = identifyExample();

  const rotate = () =>
    confirmAction({
      type: "danger",
      heading: "projectSettings.secret.rotateHeading",
      body: "projectSettings.secret.rotateBody",
      confirmLabel: "projectSettings.secret.rotateConfirm",
      onConfirm: async () => {
        const rotated = await runAction(
          () => projectsApi.rotateSecret(project.id),
          "projectSettings.secret.rotated",
        );
        if (!rotated.ok) return;
        onRotated(rotated.value.identitySecret);
        setRevealed(true);
      },
    });

  return (
    <div className="secret-box">
      <div className="copy-row">
        <span className="copy-label" id="secret-label">
          {t("projectSettings.secret.label")}
        </span>
        <SecretValue
          value={project.identitySecret}
          revealed={revealed}
          onToggle={() => setRevealed((current) => !current)}
          testId="identity-secret"
          texts={{
            reveal: "projectSettings.secret.reveal",
            hide: "projectSettings.secret.hide",
            copy: "projectSettings.secret.copy",
          }}
        />
        <Button
          variant="tertiary"
          size="sm"
          className="danger-text"
          onClick={rotate}
          data-testid="rotate-secret"
        >
          {t("projectSettings.secret.rotate")}
        </Button>
      </div>
      <details className="secret-example">
        <summary>{t("projectSettings.secret.howTo")}</summary>
        <p className="subtle">{t("projectSettings.secret.howToServer")}</p>
        <pre className="code-block">{example.node}</pre>
        <pre className="code-block">{example.python}</pre>
        <p className="subtle">{t("projectSettings.secret.howToPage")}</p>
        <pre className="code-block">{example.page}</pre>
      </details>
    </div>
  );
}
