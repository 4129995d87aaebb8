import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons.tsx";
import type { ApiQuery } from "./shell-context.tsx";
import { EmptyState, ErrorState, ListSkeleton } from "./states.tsx";

/**
 * Building blocks for list screens: `QueryView` shows a query's loading, error and empty states and
 * hands the data to its children; `ListRow` is one tappable row of a card list.
 *
 * ```tsx
 * const news = useApiQuery<NewsSummary[]>("/news");
 * <QueryView query={news} isEmpty={(posts) => posts.length === 0}>
 *   {(posts) => <div className="card list">{posts.map((post) => <ListRow key={post.id} … />)}</div>}
 * </QueryView>
 * ```
 */
export function QueryView<T>({
  query,
  children,
  isEmpty,
  empty,
  skeleton,
}: {
  query: ApiQuery<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  skeleton?: ReactNode;
}) {
  if (query.status === "loading" || (query.status === "ready" && query.data === undefined))
    return <>{skeleton ?? <ListSkeleton rows={4} />}</>;
  if (query.status === "error") return <ErrorState error={query.error} onRetry={query.retry} />;
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(data)}</>;
}

export function ListRow({
  title,
  hint,
  meta,
  icon,
  onClick,
}: {
  title: ReactNode;
  hint?: ReactNode;
  meta?: ReactNode;
  icon?: IconName;
  onClick?: () => void;
}) {
  const content = (
    <>
      {icon && (
        <span className="row-icon">
          <Icon name={icon} />
        </span>
      )}
      <span className="row-text">
        <span className="row-title" dir="auto">
          {title}
        </span>
        {hint && (
          <span className="row-hint" dir="auto">
            {hint}
          </span>
        )}
      </span>
      {meta && <span className="row-meta">{meta}</span>}
      {onClick && <Icon name="chevron" size={18} className="row-chevron" />}
    </>
  );
  return onClick ? (
    <button type="button" className="list-row list-row--action" onClick={onClick}>
      {content}
    </button>
  ) : (
    <div className="list-row">{content}</div>
  );
}
