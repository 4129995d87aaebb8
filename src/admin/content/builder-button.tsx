import { openBuilder } from "../builder/open-builder.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

/**
 * "Open builder": the site opens in a new window with the builder on it, where the admin picks the
 * elements of a tour's steps or a tooltip's target. It works on a saved item (the builder saves a
 * draft of it), so it waits for the first save and for unsaved changes; `onSaved` tells the editor
 * that the builder saved a draft, which waits for the admin to publish it (builder-draft-bar.tsx).
 */
export function BuilderButton({
  kind,
  projectId,
  itemId,
  url,
  dirty,
  onSaved,
}: {
  kind: "tour" | "tooltip";
  projectId: string;
  itemId: string | null;
  url: string;
  dirty: boolean;
  onSaved?: () => void;
}) {
  const { t } = useT();
  const address = url.trim();
  const ready = itemId !== null && !dirty && /^https?:\/\/\S+$/i.test(address);
  const hint =
    itemId === null || dirty ? t("content.openBuilderHint") : ready ? null : t("content.openBuilderNoUrl");
  return (
    <div className="builder-row">
      <Button
        variant="secondary"
        disabled={!ready}
        aria-describedby={hint ? "builder-hint" : undefined}
        onClick={() => itemId && openBuilder({ kind, projectId, itemId, url: address, onSaved })}
      >
        {t("content.openBuilder")} ↗
      </Button>
      {hint && (
        <span className="subtle" id="builder-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
