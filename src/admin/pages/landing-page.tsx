import { Link } from "wouter";

/** `/`: the public landing page (empty layout, no auth), also where sign-out leads. */
export function LandingPage() {
  return (
    <main className="empty-layout">
      <section className="landing" aria-labelledby="landing-title">
        <div className="brand-mark" aria-hidden="true">
          M
        </div>
        <h1 id="landing-title">Morph Admin</h1>
        <p className="lead">
          Manage the learning and jobs platform: users, jobs, companies, challenges, the skill tree and
          reported tasks, and read what visitors send through the feedback widget.
        </p>
        <div className="actions">
          <Link href="/login" className="button button-primary button-lg">
            Sign in
          </Link>
          <a href="/demo" className="button button-secondary button-lg">
            Try the feedback widget
          </a>
        </div>
      </section>
    </main>
  );
}
