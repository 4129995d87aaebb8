/**
 * The attributes of `<gleap-checklist>` (spec §5): which checklist (`checklistId`, optional
 * `sharedKey`), and how it shows. `info` and `progressbar` are on unless `"false"`; `floating` is on
 * only when `"true"`; `dark` (the reference's dark mode) is on when present and not `"false"`.
 * Attribute names are matched in any letter case, as HTML does.
 */
export interface ChecklistAttributes {
  checklistId: string;
  sharedKey: string;
  info: boolean;
  progressbar: boolean;
  floating: boolean;
  dark: boolean;
}

export function readChecklistAttributes(element: Pick<Element, "getAttribute">): ChecklistAttributes {
  const value = (name: string) => element.getAttribute(name);
  const offOnlyIfFalse = (name: string) => value(name)?.trim().toLowerCase() !== "false";
  const dark = value("dark");
  return {
    checklistId: (value("checklistid") ?? "").trim(),
    sharedKey: (value("sharedkey") ?? "").trim(),
    info: offOnlyIfFalse("info"),
    progressbar: offOnlyIfFalse("progressbar"),
    floating: value("floating")?.trim().toLowerCase() === "true",
    dark: dark !== null && dark.trim().toLowerCase() !== "false",
  };
}
