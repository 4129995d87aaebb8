import { useState } from "react";
import { useT } from "../i18n/intl.ts";
import { CopyButton } from "../projects/copy-button.tsx";
import { CheckboxField } from "./content-fields.tsx";

/**
 * The `<gleap-checklist>` element a site owner pastes to show this checklist on a page (spec §2
 * "Checklist element"; attributes in src/widget/checklist/checklist-attributes.ts), inline or as a
 * floating launcher, with a copy button. A shared key goes on it from "Shared progress" below.
 */
export function checklistEmbedCode(outboundId: string, floating: boolean): string {
  // Attribute values are the checklist's id, which the server makes; quotes are escaped all the same.
  const id = outboundId.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return `<gleap-checklist checklistid="${id}"${floating ? ' floating="true"' : ""}></gleap-checklist>`;
}

export function ChecklistEmbedCode({ outboundId }: { outboundId: string }) {
  const { t } = useT();
  const [floating, setFloating] = useState(false);
  const code = checklistEmbedCode(outboundId, floating);
  return (
    <section className="detail-card checklist-embed" aria-labelledby="checklist-embed-title">
      <h2 id="checklist-embed-title">{t("content.guide.embed.title")}</h2>
      <p className="subtle">{t("content.guide.embed.about")}</p>
      <CheckboxField
        id="checklist-embed-floating"
        label={t("content.guide.embed.floating")}
        checked={floating}
        onChange={setFloating}
      />
      <pre className="embed-code" title={t("content.guide.embed.code")}>
        <code id="checklist-embed-code">{code}</code>
      </pre>
      <CopyButton
        text={code}
        label={t("content.guide.embed.copy")}
        copiedLabel={t("content.guide.embed.copied")}
        failedHeading="content.guide.embed.copyFailed"
        testId="checklist-embed-copy"
      />
    </section>
  );
}
