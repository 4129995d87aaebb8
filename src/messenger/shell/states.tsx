import type { ReactNode } from "react";
import type { ApiError } from "./api-client.ts";
import { Icon, type IconName } from "./icons.tsx";
import { useShellTexts } from "./shell-context.tsx";

/**
 * Loading, empty and error states, the same on every screen. Where content is expected, a skeleton
 * of its shape (no spinner); an error says what happened and offers Retry; an empty list says so.
 */

/** Grey blocks in the shape of what is coming; `lines` rows of text, optionally in a card. */
export function Skeleton({
  lines = 3,
  card = true,
  label,
}: {
  lines?: number;
  card?: boolean;
  label?: string;
}) {
  const t = useShellTexts();
  const rows = Array.from({ length: lines }, (_, index) => index);
  return (
    <div
      className={card ? "card skeleton" : "skeleton"}
      role="status"
      aria-busy="true"
      aria-label={label ?? t("state.loading")}
    >
      {rows.map((row) => (
        <span key={row} className="skeleton-line" style={{ width: `${92 - ((row * 23) % 40)}%` }} />
      ))}
    </div>
  );
}

/** A list of `rows` skeleton items (an avatar or icon and two lines each). */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const t = useShellTexts();
  return (
    <div className="card list skeleton" role="status" aria-busy="true" aria-label={t("state.loading")}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <div className="list-row" key={index}>
          <span className="skeleton-dot" />
          <span className="skeleton-lines">
            <span className="skeleton-line" style={{ width: "62%" }} />
            <span className="skeleton-line skeleton-line--small" style={{ width: "88%" }} />
          </span>
        </div>
      ))}
    </div>
  );
}

export function EmptyState({
  icon = "sparkle",
  title,
  children,
}: {
  icon?: IconName;
  title?: string;
  children?: ReactNode;
}) {
  const t = useShellTexts();
  return (
    <div className="state" data-testid="empty-state">
      <span className="state-icon">
        <Icon name={icon} size={24} />
      </span>
      <p className="state-title">{title ?? t("state.empty")}</p>
      {children && <div className="state-text">{children}</div>}
    </div>
  );
}

/** The text for an API error: the server's words for a refusal, ours for the rest. */
export function useErrorText() {
  const t = useShellTexts();
  return (error: ApiError | null) => {
    if (!error || error.kind === "offline" || error.kind === "not-ready") return t("state.offline");
    if (error.kind === "not-found") return t("state.notFound");
    if (error.kind === "rejected" && error.message) return error.message;
    return t("state.error");
  };
}

export function ErrorState({
  error,
  onRetry,
  title,
}: {
  error: ApiError | null;
  onRetry?: () => void;
  title?: string;
}) {
  const t = useShellTexts();
  const text = useErrorText();
  // A missing thing does not come back by retrying.
  const canRetry = onRetry && error?.kind !== "not-found";
  return (
    <div className="state state--error" role="alert" data-testid="error-state">
      <span className="state-icon">
        <Icon name="alert" size={24} />
      </span>
      <p className="state-title">{title ?? t("state.error")}</p>
      <p className="state-text">{text(error)}</p>
      {canRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t("state.retry")}
        </button>
      )}
    </div>
  );
}

/** A list's empty state in a card of its own, with a hint or an action below the title. */
export function EmptyCard({
  icon,
  title,
  children,
}: {
  icon?: IconName;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className="card">
      <EmptyState icon={icon} title={title}>
        {children}
      </EmptyState>
    </div>
  );
}

/** The rule a field breaks (or what went wrong with it), said below it. */
export function FieldErrorText({
  id,
  role,
  testId,
  children,
}: {
  id?: string;
  role?: "alert";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <p className="field-error" id={id} role={role} data-testid={testId}>
      <Icon name="alert" size={14} />
      {children}
    </p>
  );
}

/** A form's failure, above its buttons. */
export function AlertBox({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div className="alert" role="alert" data-testid={testId}>
      <Icon name="alert" size={18} />
      <span>{children}</span>
    </div>
  );
}

/** A submit button's label: a spinner and `busyText` while busy, its own label otherwise. */
export function BusyLabel({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  if (!busy) return <>{children}</>;
  return (
    <>
      <span className="button-spinner" aria-hidden="true" />
      {busyText}
    </>
  );
}

/** A form's submit button: off and busy (with a spinner and `busyText`) while the form is sending. */
export function SubmitButton({
  busy,
  busyText,
  className = "button button--primary",
  testId,
  children,
}: {
  busy: boolean;
  busyText: string;
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={className}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      <BusyLabel busy={busy} busyText={busyText}>
        {children}
      </BusyLabel>
    </button>
  );
}
