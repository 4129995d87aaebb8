import type { Salary } from "../../shared/jobs-api.ts";
import type { Translator } from "../i18n/intl.ts";

/** "1,000 – 2,000 Euros per Month": amounts in the locale's digits, unit and per by their labels. */
export function salaryRange(tr: Translator, salary: Salary): string {
  return tr.t("salary.range", {
    min: tr.formatNumber(salary.min),
    max: tr.formatNumber(salary.max),
    unit: tr.t(`salaryUnit.${salary.unit}`),
    per: tr.t(`salaryPer.${salary.per}`),
  });
}

export const workModeId = (remote: boolean): "workMode.remote" | "workMode.office" =>
  remote ? "workMode.remote" : "workMode.office";
