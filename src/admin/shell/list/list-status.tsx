import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { LoadingPlaceholder } from "../layout/loading-placeholder.tsx";
import { RetryPanel } from "../retry-panel.tsx";

export interface ListTexts {
  loading: MessageId;
  error: MessageId;
  retry: MessageId;
  empty: MessageId;
  emptyHint: MessageId;
  /** The "{count} users" line above the table. */
  count: MessageId;
}

/**
 * The states every list screen shares: a loading skeleton, an error with a retry, the spec's empty
 * state ("No Users Found"), and otherwise the result count and the table `children` draws.
 */
export function ListStatus<T extends { total: number }>({
  resource,
  texts,
  onRetry,
  children,
}: {
  resource: Resource<T>;
  texts: ListTexts;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT();
  if (resource.state === "loading") {
    return <LoadingPlaceholder className="table-skeleton" label={texts.loading} />;
  }
  if (resource.state === "error") {
    return <RetryPanel error={texts.error} retry={texts.retry} onRetry={onRetry} />;
  }
  if (resource.data.total === 0) {
    return (
      <div className="state-panel">
        <h2>{t(texts.empty)}</h2>
        <p>{t(texts.emptyHint)}</p>
      </div>
    );
  }
  return (
    <>
      <p className="subtle list-count" role="status">
        {t(texts.count, { count: resource.data.total })}
      </p>
      {children(resource.data)}
    </>
  );
}
