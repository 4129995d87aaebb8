import { useT } from "../../i18n/intl.ts";

/** What a screen shows while its lazy chunk loads. */
export function PageFallback() {
  const { t } = useT();
  return (
    <p className="subtle" role="status">
      {t("loading.page")}
    </p>
  );
}
