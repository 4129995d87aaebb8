/** Texts of the application shell: navigation additions, error page, loading overlay, update notice (English, the source). */
export const shellMessagesEnUS = {
  "field.notSet": "Not set",
  "picker.searching": "Searching…",
  "picker.none": "Nothing matches “{text}”",
  "picker.more": "The first {shown} of {total}. Type more of the name to narrow the list.",
  "error.notFound.heading": "Page Not Found",
  "error.notFound.body": "The page you are looking for does not exist or has moved.",
  "error.server.heading": "Internal Server Error",
  "error.server.body": "Something went wrong on our side. Reload the page or try again later.",
  "error.details": "Details",
  "error.reload": "Reload",
  "error.home": "Go to the dashboard",
  "overlay.loading": "Please wait…",
  "update.heading": "A new version is available",
  "update.body":
    "The dashboard was updated. Reload to use the new version; unsaved input on this page is lost.",
  "update.reload": "Reload now",
  "update.later": "Later",
  "unsaved.heading": "Discard unsaved changes?",
  "unsaved.body": "Your changes on this page are not saved. If you leave now, they are lost.",
  "unsaved.discard": "Discard changes",
  "unsaved.keep": "Keep editing",
} as const;

/** The same texts in German; typed against the English ones so a missing text fails the type check. */
export const shellMessagesDe: Record<keyof typeof shellMessagesEnUS, string> = {
  "field.notSet": "Nicht angegeben",
  "picker.searching": "Suche läuft…",
  "picker.none": "Nichts passt zu „{text}“",
  "picker.more": "Die ersten {shown} von {total}. Tippen Sie mehr vom Namen, um die Liste einzugrenzen.",
  "error.notFound.heading": "Seite nicht gefunden",
  "error.notFound.body": "Die gesuchte Seite existiert nicht oder wurde verschoben.",
  "error.server.heading": "Interner Serverfehler",
  "error.server.body":
    "Bei uns ist etwas schiefgelaufen. Laden Sie die Seite neu oder versuchen Sie es später erneut.",
  "error.details": "Details",
  "error.reload": "Neu laden",
  "error.home": "Zum Dashboard",
  "overlay.loading": "Bitte warten…",
  "update.heading": "Eine neue Version ist verfügbar",
  "update.body":
    "Das Dashboard wurde aktualisiert. Laden Sie neu, um die neue Version zu verwenden; nicht gespeicherte Eingaben auf dieser Seite gehen verloren.",
  "update.reload": "Jetzt neu laden",
  "update.later": "Später",
  "unsaved.heading": "Nicht gespeicherte Änderungen verwerfen?",
  "unsaved.body":
    "Ihre Änderungen auf dieser Seite sind nicht gespeichert. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.",
  "unsaved.discard": "Änderungen verwerfen",
  "unsaved.keep": "Weiter bearbeiten",
};
