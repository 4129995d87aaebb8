import type { ReactNode } from "react";

/**
 * A card of a detail or settings screen, labelled by its title (`id`), with a lead below the title;
 * `className` adds the card's own classes to `detail-card`. `action` (the card's add or create button),
 * when given, sits to the right of title and lead; it may be given as nothing while it is hidden (an
 * open add form), and keeps that layout. `titleDir` "auto" lets a title of the user's own words (a
 * project's name) run in its own direction.
 */
export function TitledCard({
  id,
  title,
  lead,
  className,
  titleDir,
  action,
  testId,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  className?: string;
  titleDir?: "auto";
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <h2 id={id} className="settings-card-title" dir={titleDir}>
        {title}
      </h2>
      {lead && <p className="subtle settings-card-lead">{lead}</p>}
    </>
  );
  return (
    <section
      className={className ? `detail-card ${className}` : "detail-card"}
      aria-labelledby={id}
      data-testid={testId}
    >
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
