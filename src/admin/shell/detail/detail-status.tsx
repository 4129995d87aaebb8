import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { Button } from "../button.tsx";
import { PageHeading } from "../layout/page-heading.tsx";

export interface DetailTexts {
  loading: MessageId;
  notFound: MessageId;
  notFoundHint: MessageId;
  error: MessageId;
  retry: MessageId;
}

/**
 * What a detail screen shows before its record is there: the loading line, the spec's "not found"
 * empty state for a 404, or an error with a retry. Null once the record is ready.
 */
export function DetailStatus<T>({
  resource,
  texts,
  back,
  onRetry,
}: {
  resource: Resource<T>;
  texts: DetailTexts;
  back: ReactNode;
  onRetry: () => void;
}) {
  const { t } = useT();
  if (resource.state === "loading") {
    return (
      <section aria-busy="true">
        {back}
        <p className="subtle" role="status">
          {t(texts.loading)}
        </p>
      </section>
    );
  }
  if (resource.state === "error") {
    return (
      <section>
        {back}
        {resource.status === 404 ? (
          <div className="state-panel">
            <PageHeading>{t(texts.notFound)}</PageHeading>
            <p>{t(texts.notFoundHint)}</p>
          </div>
        ) : (
          <div className="state-panel" role="alert">
            <p>{t(texts.error)}</p>
            <Button variant="secondary" onClick={onRetry}>
              {t(texts.retry)}
            </Button>
          </div>
        )}
      </section>
    );
  }
  return null;
}
