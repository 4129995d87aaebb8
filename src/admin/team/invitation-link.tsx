import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";

/**
 * The invitation link, shown once when the server has no mail transport: the inviter copies it and
 * passes it on. Nothing keeps it: closed or left, it is gone (the server has only its hash).
 */
export function InvitationLink({
  email,
  link,
  onClose,
}: {
  email: string;
  link: string;
  onClose: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  // The link is what the inviter came for: it is selected, ready to copy by hand too.
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      showToast({ type: "warning", heading: "team.copyFailed" });
    }
  };

  return (
    <section className="team-link-panel" aria-labelledby={`${id}-title`} data-testid="invitation-link">
      <h3 id={`${id}-title`}>{t("team.linkTitle", { email })}</h3>
      <p className="subtle" id={`${id}-hint`}>
        {t("team.linkHint")}
      </p>
      <div className="team-link-row">
        <input
          ref={field}
          readOnly
          value={link}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-hint`}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" size="sm" onClick={copy} aria-live="polite">
          {copied ? t("team.copied") : t("team.copyLink")}
        </Button>
        <Button variant="tertiary" size="sm" onClick={onClose}>
          {t("team.closeLink")}
        </Button>
      </div>
    </section>
  );
}
