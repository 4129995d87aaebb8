import type { ButtonHTMLAttributes } from "react";

/**
 * A group of buttons of which the chosen one is pressed (`aria-pressed`), under a legend only screen
 * readers read: the top bar's language flags and colour schemes. `button` gives each choice's class,
 * names and content.
 */
export function PressedChoices<C extends string>({
  className,
  legend,
  choices,
  chosen,
  onChoose,
  button,
}: {
  className: string;
  legend: string;
  choices: readonly C[];
  chosen: C;
  onChoose: (choice: C) => void;
  button: (choice: C) => ButtonHTMLAttributes<HTMLButtonElement> & { [data: `data-${string}`]: string };
}) {
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={choice === chosen}
          onClick={() => onChoose(choice)}
          {...button(choice)}
        />
      ))}
    </fieldset>
  );
}
