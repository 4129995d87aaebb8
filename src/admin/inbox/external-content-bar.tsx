import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import splitRowCss from "../shell/layout/split-row.css" with { type: "text" };
import barCss from "./external-content-bar.css" with { type: "text" };

adoptStyles(splitRowCss);
adoptStyles(barCss);

/**
 * Says how many external addresses a report (or a conversation) holds and lets the admin load them for
 * this one only (external-resources.ts). Nothing is shown when there are none. The texts come from the
 * area that shows it, in its own words.
 */
export function ExternalContentBar({
  count,
  allowed,
  onAllow,
  texts,
}: {
  count: number;
  allowed: boolean;
  onAllow: () => void;
  texts: { blocked: string; load: string; loaded: string };
}) {
  if (count === 0) return null;
  return (
    <div className="external-bar" data-testid="external-content" data-allowed={allowed}>
      <p role="status">{allowed ? texts.loaded : texts.blocked}</p>
      {!allowed && (
        <Button size="sm" variant="secondary" onClick={onAllow}>
          {texts.load}
        </Button>
      )}
    </div>
  );
}
