/**
 * The admin spec's validation texts (§5), said alike by the admin forms and the platform API's field
 * rules (form-rules.ts). A module without the validation library: the admin's sign-in route carries the
 * catalogue that quotes these texts, not the rules.
 */
export const messages = {
  required: (field: string) => `${field} is required`,
  tooShort: (n: number) => `Must be greater than ${n} characters`,
  tooLong: (n: number) => `Must be less than ${n} characters`,
  email: "Email format is not valid",
  code: "Invalid code format",
  form: "Please fill in form correctly.",
  url: "URL format is not valid",
  salaryMax: "Must be at least the minimum salary",
} as const;

const tooLongPattern = /^Must be less than (\d+) characters$/;

/**
 * Whether a rule's message says a text is too long. Forms show this one as soon as it is true, not only
 * after a first submit: typing on can only keep it, and the forms never cut a text at its limit (a paste
 * goes in whole, the field says what is too much).
 */
export function isTooLong(message: string): boolean {
  return tooLongPattern.test(message);
}
