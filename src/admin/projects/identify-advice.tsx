import { useT } from "../i18n/intl.ts";
import { CodeBlock } from "./code-block.tsx";
import { identifyExample } from "./widget-snippet.ts";

/** Every line of the example shows without scrolling. */
const lines = (text: string) => text.split("\n").length;

/** The examples in their order: the hash signed on the host's server (two languages), then the page's call. */
const identifySteps = [
  {
    example: "node",
    label: "projectSettings.identify.node",
    copyLabel: "projectSettings.identify.copyNode",
  },
  {
    example: "python",
    label: "projectSettings.identify.python",
    copyLabel: "projectSettings.identify.copyPython",
  },
  {
    example: "page",
    label: "projectSettings.identify.page",
    copyLabel: "projectSettings.identify.copyPage",
  },
] as const;

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
      {identifySteps.map(({ example: key, label, copyLabel }) => (
        <CodeBlock
          key={key}
          id={`identify-${key}`}
          label={t(label)}
          copyLabel={t(copyLabel)}
          text={example[key]}
          rows={lines(example[key])}
        />
      ))}
    </>
  );
}
