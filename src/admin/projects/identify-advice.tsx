import { useT } from "../i18n/intl.ts";
import { CodeBlock } from "./code-block.tsx";
import { identifyExample } from "./widget-snippet.ts";

/** Every line of the example shows without scrolling. */
const lines = (text: string) => text.split("\n").length;

/**
 * The install panel's word on `identify`. A new project takes `Gleap.identify(id, {name, email})` as
 * the page says (identity verification off, as in Gleap), so the panel recommends turning verification
 * on, with the code that signs a user id on the host's server (Node.js and Python) and the page's
 * call with that hash. `verified` is the saved setting, not the form's unsaved one.
 */
export function IdentifyAdvice({ verified }: { verified: boolean }) {
  const { t } = useT();
  const example = identifyExample();
  return (
    <>
      <h3 className="install-subtitle">{t("projectSettings.identify.title")}</h3>
      <p className="install-mode" data-testid="identify-advice">
        {t(verified ? "projectSettings.identify.on" : "projectSettings.identify.off")}
      </p>
      <CodeBlock
        id="identify-node"
        label={t("projectSettings.identify.node")}
        copyLabel={t("projectSettings.identify.copyNode")}
        text={example.node}
        rows={lines(example.node)}
      />
      <CodeBlock
        id="identify-python"
        label={t("projectSettings.identify.python")}
        copyLabel={t("projectSettings.identify.copyPython")}
        text={example.python}
        rows={lines(example.python)}
      />
      <CodeBlock
        id="identify-page"
        label={t("projectSettings.identify.page")}
        copyLabel={t("projectSettings.identify.copyPage")}
        text={example.page}
        rows={lines(example.page)}
      />
    </>
  );
}
