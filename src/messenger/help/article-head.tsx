import type { ReactNode } from "react";
import { ServerText, Skeleton } from "../shell/shell-api.ts";
import "./help.css";

/**
 * The reading page's pieces that help articles and news posts share: the head (the title as the
 * page's heading, the lead, a meta line) and the skeleton while it loads.
 */

export function ArticleHead({
  titleId,
  title,
  lead,
  children,
}: {
  titleId: string;
  title: string;
  lead: string | null | undefined;
  /** The meta line: when it was updated, or who wrote it. */
  children: ReactNode;
}) {
  return (
    <header className="article-head">
      <h2 className="article-title" id={titleId} dir="auto" tabIndex={-1}>
        {title}
      </h2>
      <ServerText as="p" className="article-lead" text={lead} />
      <p className="article-meta">{children}</p>
    </header>
  );
}

/** Grey blocks in the page's shape: a cover where the page has one, then blocks of `lines` lines. */
export function ArticleSkeleton({ cover = false, lines }: { cover?: boolean; lines: number[] }) {
  return (
    <div className="article-page" aria-busy="true">
      {cover && <span className="skeleton-block news-cover-skeleton" />}
      {lines.map((count, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder blocks
        <Skeleton key={index} lines={count} card={false} />
      ))}
    </div>
  );
}
