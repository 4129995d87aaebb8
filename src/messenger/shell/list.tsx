import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Icon, type IconName } from "./icons.tsx";
import type { ApiQuery } from "./shell-context.tsx";
import { EmptyCard, EmptyState, ErrorState, ListSkeleton } from "./states.tsx";

/**
 * Building blocks for list screens: `QueryView` shows a query's loading, error and empty states and
 * hands the data to its children (`ListQuery` for a list, with its empty card; `ItemQuery` for one
 * thing); `ListRow` is one tappable row of a card list.
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

/**
 * One thing's query (an article, a bot): its skeleton while it loads (or has nothing yet), the error
 * with Retry, then the thing to its children.
 */
export function ItemQuery<T>({
  query,
  skeleton,
  children,
}: {
  query: ApiQuery<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.status === "loading" || (query.status === "ready" && !query.data)) return <>{skeleton}</>;
  if (query.status === "error" || !query.data)
    return <ErrorState error={query.error} onRetry={query.retry} />;
  return <>{children(query.data)}</>;
}

/**
 * A list's query: its loading and error states, and an empty list as a card that says so (a hint
 * below, and an action where there is one).
 */
export function ListQuery<T>({
  query,
  skeleton,
  empty,
  children,
}: {
  query: ApiQuery<T[]>;
  skeleton: ReactNode;
  empty: { icon: IconName; title: string; hint: string; action?: ReactNode };
  children: (list: T[]) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      skeleton={skeleton}
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyCard icon={empty.icon} title={empty.title}>
          <p>{empty.hint}</p>
          {empty.action}
        </EmptyCard>
      }
    >
      {children}
    </QueryView>
  );
}

/**
 * A list screen's content: the list query's states, then its items in one labelled list (`item`
 * draws one, keyed: an `<li>` or a row that is one).
 */
export function ListScreenContent<T>({
  query,
  skeleton,
  empty,
  className,
  label,
  item,
}: {
  query: ApiQuery<T[]>;
  skeleton: ReactNode;
  empty: { icon: IconName; title: string; hint: string };
  className: string;
  label: string;
  item: (entry: T) => ReactNode;
}) {
  return (
    <div className="screen-content">
      <ListQuery query={query} skeleton={skeleton} empty={empty}>
        {(list) => (
          <ul className={className} aria-label={label}>
            {list.map((entry) => item(entry))}
          </ul>
        )}
      </ListQuery>
    </div>
  );
}

/** A progress bar (decoration: the words beside it say the same). */
export function ProgressBar({ percent }: { percent: number }) {
  return (
    <span className="progress" aria-hidden="true">
      <span className="progress-bar" style={{ width: `${percent}%` }} />
    </span>
  );
}

/**
 * One tappable row of a card list: an icon, the title and a hint (server text, in its own
 * direction), anything more below them (`children`), and a chevron. Other attributes go to the button.
 */
export function ListRow({
  title,
  hint,
  hintClassName = "row-hint",
  icon,
  iconClassName = "row-icon",
  className = "list-row list-row--action",
  children,
  ...button
}: {
  title: ReactNode;
  hint?: ReactNode;
  hintClassName?: string;
  icon?: ReactNode;
  iconClassName?: string;
  className?: string;
  children?: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "title" | "className" | "children" | "type">) {
  return (
    <button type="button" className={className} {...button}>
      {icon && <span className={iconClassName}>{icon}</span>}
      <span className="row-text">
        <span className="row-title" dir="auto">
          {title}
        </span>
        {hint && (
          <span className={hintClassName} dir="auto">
            {hint}
          </span>
        )}
        {children}
      </span>
      <Icon name="chevron" size={18} className="row-chevron" />
    </button>
  );
}
