import type { ComponentProps } from "react";
import { TitledCard } from "../shell/detail/titled-card.tsx";

/** A titled card of the project's settings page: a {@link TitledCard} with the settings cards' look. */
export function SettingsCard(props: Omit<ComponentProps<typeof TitledCard>, "className" | "titleDir">) {
  return <TitledCard {...props} className="settings-card" />;
}
