/**
 * A checkbox inside its label, its text after the box: a switch that applies as soon as it is ticked
 * (a setting, a log filter), without the form field's own layout (shell/form/check-field.tsx).
 */
export function InlineCheckbox({
  className,
  name,
  label,
  checked,
  disabled,
  onChange,
}: {
  className: string;
  name?: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
