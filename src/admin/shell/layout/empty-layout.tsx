import type { ReactNode } from "react";
import { LanguageStrip } from "./language-strip.tsx";

/** The empty layout (spec §2): a centred page with only the language strip. */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <div className="empty-shell">
      <header className="empty-top">
        <LanguageStrip />
      </header>
      <main className="empty-layout">{children}</main>
    </div>
  );
}
