import { useState } from "react";
import { isImageIcon } from "./skill-options.ts";

/**
 * A skill's icon: an emoji or icon name as text, a picture link as an image (one that fails to load
 * falls back to a neutral mark). Decorative: the skill's name always stands next to it.
 */
export function SkillIcon({ icon, size = "md" }: { icon: string; size?: "md" | "lg" }) {
  const [broken, setBroken] = useState<string | null>(null);
  const className = `skill-icon skill-icon-${size}`;
  if (isImageIcon(icon) && broken !== icon) {
    return <img className={className} src={icon} alt="" loading="lazy" onError={() => setBroken(icon)} />;
  }
  return (
    <span className={className} aria-hidden="true">
      {icon && broken !== icon ? icon : "◆"}
    </span>
  );
}
