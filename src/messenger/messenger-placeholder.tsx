/**
 * What the messenger origin shows at `/` until the messenger app lands: a clear statement of what this
 * origin is for, in the frame's own visual language.
 */
export function MessengerPlaceholder() {
  return (
    <main
      style={{
        minHeight: "100vh",
        margin: 0,
        display: "grid",
        placeItems: "center",
        background: "#f5f6fb",
        color: "#161a2e",
        font: "400 16px/1.5 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      }}
    >
      <section
        style={{
          width: "min(380px, calc(100% - 32px))",
          background: "#fff",
          borderRadius: 20,
          overflow: "hidden",
          boxShadow: "0 8px 24px rgba(22, 26, 46, 0.1)",
        }}
      >
        <header style={{ background: "#485BFF", color: "#fff", padding: "24px 24px 32px" }}>
          <h1 style={{ margin: 0, fontSize: 22 }}>Messenger</h1>
          <p style={{ margin: "4px 0 0", opacity: 0.85 }}>Conversations, news and help for your visitors.</p>
        </header>
        <p style={{ margin: 0, padding: 24, color: "#5b6178" }}>
          This origin serves the widget's messenger frame. It opens inside a site that embeds the widget
          snippet.
        </p>
      </section>
    </main>
  );
}
