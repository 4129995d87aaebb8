import { Link } from "wouter";
import { useT } from "../../i18n/intl.ts";
import { buttonClass } from "../button.tsx";

/** The "← Go Back" link above a detail or form screen, to the screen it was opened from. */
export function BackLink({ href }: { href: string }) {
  const { t } = useT();
  return (
    <Link href={href} className={`${buttonClass({ variant: "tertiary", size: "sm" })} back-link`}>
      ← {t("nav.goBack")}
    </Link>
  );
}
