import { expect } from "bun:test";
import { createIntl } from "@formatjs/intl";

/**
 * Formats every text of each locale's catalogue with the placeholders the screens pass (`values`): a text
 * that is not valid ICU, or that asks for a value the screens never give, throws.
 */
export function expectEveryTextFormats(
  catalogues: Record<string, Record<string, string>>,
  values: Record<string, string | number>,
): void {
  for (const [locale, messages] of Object.entries(catalogues)) {
    const intl = createIntl({
      locale,
      messages,
      onError: (error) => {
        throw error;
      },
    });
    for (const id of Object.keys(messages)) expect(typeof intl.formatMessage({ id }, values)).toBe("string");
  }
}
