import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";
import { PageHeading } from "../layout/page-heading.tsx";
import type { MessagePrefix } from "../message-prefix.ts";
import { RetryPanel } from "../retry-panel.tsx";

export interface DetailTexts {
  loading: MessageId;
  notFound: MessageId;
  notFoundHint: MessageId;
  error: MessageId;
  retry: MessageId;
}

/** The texts of a record whose messages are `{prefix}.loading`, `.notFound`, `.notFoundHint` and `.error`. */
export function detailTexts(prefix: DetailTextsPrefix, overrides: Partial<DetailTexts> = {}): DetailTexts {
  return {
    loading: `${prefix}.loading`,
    notFound: `${prefix}.notFound`,
    notFoundHint: `${prefix}.notFoundHint`,
    error: `${prefix}.error`,
    retry: "list.retry",
    ...overrides,
  };
}

/** The message prefixes that have every text {@link detailTexts} names. */
export type DetailTextsPrefix = MessagePrefix<".notFoundHint", ".loading" | ".notFound" | ".error">;

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
          <RetryPanel error={texts.error} retry={texts.retry} onRetry={onRetry} />
        )}
      </section>
    );
  }
  return null;
}

/**
 * A part of a screen that loads on its own (a profile, the team): the `loading` line while it loads, the
 * `error` with a retry when it failed, then what `children` makes of the answer.
 */
export function ResourceStates<T>({
  resource,
  loading,
  error,
  retry,
  onRetry,
  children,
}: {
  resource: Resource<T>;
  loading: MessageId;
  error: MessageId;
  retry?: MessageId;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useT();
  if (resource.state === "loading") {
    return (
      <p className="subtle" role="status">
        {t(loading)}
      </p>
    );
  }
  if (resource.state === "error") return <RetryPanel error={error} retry={retry} onRetry={onRetry} />;
  return <>{children(resource.data)}</>;
}
