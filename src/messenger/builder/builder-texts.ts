/**
 * The builder's texts. The builder is admin UI, so like the admin dashboard it speaks English (en-US)
 * and German; the admin's own language comes with the `data` message, German first as in the
 * dashboard when it is not English.
 */

const enUS = {
  tourBuilder: "Product tour builder",
  tooltipBuilder: "Tooltip builder",
  loading: "Loading…",
  currentPage: "Page",
  pickElement: "Pick element",
  pickAgain: "Pick another element",
  pickHint: "Click an element on the page to select it.",
  cancel: "Cancel",
  steps: "{count} steps",
  oneStep: "1 step",
  editSteps: "Edit",
  done: "Back to the page",
  save: "Save",
  saving: "Saving…",
  saved: "Saved as a draft: publish it in the admin",
  saveFailed: "Saving failed: {message}",
  loadFailed: "The item could not be loaded: {message}",
  noSteps: "No steps yet. Pick an element on the page to add the first one.",
  step: "Step {index}",
  element: "Element",
  title: "Title",
  description: "Description",
  stepType: "Type",
  modeDefault: "Show, with a Next button",
  modeClick: "Wait for a click on the element",
  modeInput: "Wait for input into the element",
  moveUp: "Move up",
  moveDown: "Move down",
  remove: "Remove",
  show: "Show on the page",
  addStep: "Add a step",
  tooltipHtml: "Content",
  tooltipMode: "Display",
  modeHotspot: "Hotspot icon",
  modePlain: "On hover",
  unsaved: "Unsaved changes",
  pickUnnamed:
    "Nothing but its place on the page tells this element apart: give it a data-gleap-tour attribute on your site, or pick the element around it.",
  selectorGone: "{selector} is no longer on this page: pick the element again.",
  selectorAmbiguous: "{selector} now finds {count} elements on this page: pick the element again.",
  recheckTimeout: "The page did not confirm the picked elements: try saving again.",
};

export type BuilderTexts = typeof enUS;

const de: BuilderTexts = {
  tourBuilder: "Produkttour-Builder",
  tooltipBuilder: "Tooltip-Builder",
  loading: "Wird geladen …",
  currentPage: "Seite",
  pickElement: "Element wählen",
  pickAgain: "Anderes Element wählen",
  pickHint: "Klicke auf ein Element der Seite, um es auszuwählen.",
  cancel: "Abbrechen",
  steps: "{count} Schritte",
  oneStep: "1 Schritt",
  editSteps: "Bearbeiten",
  done: "Zurück zur Seite",
  save: "Speichern",
  saving: "Wird gespeichert …",
  saved: "Als Entwurf gespeichert: im Admin veröffentlichen",
  saveFailed: "Speichern fehlgeschlagen: {message}",
  loadFailed: "Das Element konnte nicht geladen werden: {message}",
  noSteps: "Noch keine Schritte. Wähle ein Element der Seite für den ersten Schritt.",
  step: "Schritt {index}",
  element: "Element",
  title: "Titel",
  description: "Beschreibung",
  stepType: "Art",
  modeDefault: "Anzeigen, mit Weiter-Button",
  modeClick: "Auf Klick auf das Element warten",
  modeInput: "Auf Eingabe in das Element warten",
  moveUp: "Nach oben",
  moveDown: "Nach unten",
  remove: "Entfernen",
  show: "Auf der Seite zeigen",
  addStep: "Schritt hinzufügen",
  tooltipHtml: "Inhalt",
  tooltipMode: "Darstellung",
  modeHotspot: "Hotspot-Symbol",
  modePlain: "Beim Überfahren",
  unsaved: "Ungespeicherte Änderungen",
  pickUnnamed:
    "Nur seine Stelle auf der Seite unterscheidet dieses Element: Gib ihm auf deiner Website ein data-gleap-tour-Attribut oder wähle das Element darum herum.",
  selectorGone: "{selector} ist nicht mehr auf dieser Seite: Wähle das Element erneut.",
  selectorAmbiguous: "{selector} findet jetzt {count} Elemente auf dieser Seite: Wähle das Element erneut.",
  recheckTimeout: "Die Seite hat die gewählten Elemente nicht bestätigt: Speichere noch einmal.",
};

export function builderTexts(locale: string | undefined): BuilderTexts {
  return locale?.toLowerCase().startsWith("en") ? enUS : de;
}

/** Fills `{name}` placeholders. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
