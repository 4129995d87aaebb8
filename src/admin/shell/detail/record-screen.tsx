import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import { useT } from "../../i18n/intl.ts";
import { BackLink } from "../layout/back-link.tsx";
import { PageHeading, useDocumentTitle } from "../layout/page-heading.tsx";
import type { MessagePrefix } from "../message-prefix.ts";
import { DetailStatus, type DetailTexts, type DetailTextsPrefix, detailTexts } from "./detail-status.tsx";

/** The message prefixes with a screen title (`{kind}.title`) and every text of {@link detailTexts}. */
type RecordKind = Extract<DetailTextsPrefix, MessagePrefix<".title">>;

/**
 * A record's screen (react-admin's `<Show>`): before the record `load` answers is there, its
 * {@link DetailStatus}; then the link back to `back`, the header (the screen's name `{kind}.title` over
 * the record's, `actions` beside them) and the body `children` draws. The tab is titled with both names;
 * the heading (`{kind}-title`, which the screen is labelled by) shows `heading` where the record's name
 * is not enough (an icon beside it).
 */
export function RecordScreen<T>({
  kind,
  load: { resource, reload: onRetry },
  texts = detailTexts(kind),
  back,
  name,
  heading,
  headingClassName,
  actions,
  children,
}: {
  kind: RecordKind;
  load: { resource: Resource<T>; reload: () => void };
  /** The loading, not-found and error texts, when not all `{kind}`'s own. */
  texts?: DetailTexts;
  back: string;
  name: (record: T) => string;
  heading?: (record: T) => ReactNode;
  headingClassName?: string;
  actions?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  const { t } = useT();
  const screen = t(`${kind}.title`);
  const titleId = `${kind}-title`;
  useDocumentTitle(screen, resource.state === "ready" ? name(resource.data) : null);
  if (resource.state !== "ready") {
    return (
      <DetailStatus resource={resource} texts={texts} back={<BackLink href={back} />} onRetry={onRetry} />
    );
  }
  const record = resource.data;
  return (
    <section aria-labelledby={titleId}>
      <BackLink href={back} />
      <header className="page-header page-header-actions">
        <div>
          <p className="subtle">{screen}</p>
          <PageHeading id={titleId} className={headingClassName}>
            {heading ? heading(record) : name(record)}
          </PageHeading>
        </div>
        {actions?.(record)}
      </header>
      {children(record)}
    </section>
  );
}
