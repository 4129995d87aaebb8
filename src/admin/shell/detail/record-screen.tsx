import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import { BackLink } from "../layout/back-link.tsx";
import { PageHeading, useDocumentTitle } from "../layout/page-heading.tsx";
import { DetailStatus, type DetailTexts } from "./detail-status.tsx";

/**
 * A record's screen (react-admin's `<Show>`): before the record is there, its {@link DetailStatus};
 * then the link back to `back`, the header (the screen's name over the record's, `actions` beside them)
 * and the body `children` draws. The tab is titled with both names; the heading (`titleId`, which the
 * screen is labelled by) shows `heading` where the record's name is not enough (an icon beside it).
 */
export function RecordScreen<T>({
  resource,
  texts,
  onRetry,
  back,
  titleId,
  screen,
  name,
  heading,
  headingClassName,
  actions,
  children,
}: {
  resource: Resource<T>;
  texts: DetailTexts;
  onRetry: () => void;
  back: string;
  titleId: string;
  screen: string;
  name: (record: T) => string;
  heading?: (record: T) => ReactNode;
  headingClassName?: string;
  actions?: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
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
