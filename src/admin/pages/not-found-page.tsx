import { Link, useLocation } from "wouter";

/** Any unmatched route (spec §2): "Page not found: {path}". */
export function NotFoundPage() {
  const [path] = useLocation();
  return (
    <main className="empty-layout">
      <section className="landing" aria-labelledby="not-found-title">
        <p className="status-code">404</p>
        <h1 id="not-found-title">Page not found: {path}</h1>
        <div className="actions">
          <Link href="/" className="button button-secondary">
            Go Back
          </Link>
        </div>
      </section>
    </main>
  );
}
