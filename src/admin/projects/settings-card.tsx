import type { ReactNode } from "react";

/**
 * A titled card of the project's settings page, labelled by its title (`id`), with a lead below the
 * title. `action` (the card's add or create button), when given, sits to the right of title and lead; it
 * may be given as nothing while it is hidden (an open add form), and keeps that layout.
 */
export function SettingsCard({
  id,
  title,
  lead,
  action,
  testId,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <h2 id={id} className="settings-card-title">
        {title}
      </h2>
      {lead && <p className="subtle settings-card-lead">{lead}</p>}
    </>
  );
  return (
    <section className="detail-card settings-card" aria-labelledby={id} data-testid={testId}>
      {action === undefined ? (
        heading
      ) : (
        <div className="settings-card-head">
          <div>{heading}</div>
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
