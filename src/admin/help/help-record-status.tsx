import type { Resource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { RetryPanel } from "../shell/retry-panel.tsx";

/**
 * What a help form shows under its page heading until its record is there: the loading line, "not
 * found" for a 404, or an error with a retry. Null once it is ready.
 */
export function HelpRecordStatus<T>({ resource, onRetry }: { resource: Resource<T>; onRetry: () => void }) {
  const { t } = useT();
  if (resource.state === "loading")
    return (
      <p className="subtle" role="status">
        {t("help.loading")}
      </p>
    );
  if (resource.state !== "error") return null;
  return resource.status === 404 ? (
    <div className="state-panel">
      <h2>{t("help.notFound")}</h2>
      <p>{t("help.notFoundHint")}</p>
    </div>
  ) : (
    <RetryPanel error="help.error" onRetry={onRetry} />
  );
}
