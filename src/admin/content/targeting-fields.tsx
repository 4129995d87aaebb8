import type { ReactNode } from "react";
import { type Audience, audiences } from "../../shared/inbox-api.ts";
import { type PageFilterType, pageFilterTypes } from "../../shared/page-filter.ts";
import { useT } from "../i18n/intl.ts";
import { SelectField } from "../shell/form/form-inputs.tsx";
import { TextField } from "./content-fields.tsx";

interface TargetingFieldsProps {
  prefix: string;
  pageFilterType: PageFilterType | "";
  pageFilter: string;
  /** Undefined for kinds without an audience (tooltips show to everyone on their pages). */
  audience?: Audience;
  errorOf: (field: "pageFilterType" | "pageFilter" | "audience", label: string) => string | null;
  onChange: (change: {
    pageFilterType?: PageFilterType | "";
    pageFilter?: string;
    audience?: Audience;
  }) => void;
}

/**
 * Where content shows (the page filter of src/shared/page-filter.ts: a type and a value) and, for
 * kinds that have one, to whom (the audience). Shared by every editor; `prefix` keeps the ids apart
 * when a screen has two (a survey's delivery).
 */
export function TargetingFields({
  prefix,
  pageFilterType,
  pageFilter,
  audience,
  errorOf,
  onChange,
}: TargetingFieldsProps) {
  const { t } = useT();
  const typeLabel = t("content.field.pageFilterType");
  const valueLabel = t("content.field.pageFilter");
  const audienceLabel = t("content.field.audience");
  return (
    <div className="form-row targeting-row">
      <SelectField
        id={`${prefix}-pageFilterType`}
        label={typeLabel}
        value={pageFilterType}
        error={errorOf("pageFilterType", typeLabel)}
        options={[
          { value: "", text: t("content.pageFilter.any") },
          ...pageFilterTypes.map((type) => ({ value: type, text: t(`content.pageFilter.${type}`) })),
        ]}
        onChange={(value) => onChange({ pageFilterType: value, ...(value === "" ? { pageFilter: "" } : {}) })}
      />
      {pageFilterType !== "" && (
        <TextField
          id={`${prefix}-pageFilter`}
          label={valueLabel}
          value={pageFilter}
          error={errorOf("pageFilter", valueLabel)}
          hint={t("content.field.pageFilterHint")}
          placeholder="/pricing"
          onChange={(value) => onChange({ pageFilter: value })}
        />
      )}
      {audience !== undefined && (
        <SelectField
          id={`${prefix}-audience`}
          label={audienceLabel}
          value={audience}
          error={errorOf("audience", audienceLabel)}
          options={audiences.map((value) => ({ value, text: t(`content.audience.${value}`) }))}
          onChange={(value) => onChange({ audience: value })}
        />
      )}
    </div>
  );
}

/** An editor's targeting card: its heading over the targeting fields, then what the editor adds there. */
export function TargetingCard({ children, ...fields }: TargetingFieldsProps & { children?: ReactNode }) {
  const { t } = useT();
  return (
    <section className="detail-card">
      <h2>{t("content.section.targeting")}</h2>
      <TargetingFields {...fields} />
      {children}
    </section>
  );
}
