import {
  CoinsRequest,
  type CoinsResult,
  maxCoinAmount,
  UpdateUserRequest,
  type UserDetail,
  type UserRole,
  userErrors,
} from "../../shared/users-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import type { Translator } from "../i18n/intl.ts";
import { type FieldErrors, fieldErrors, ruleMessage } from "../shell/form/form-errors.ts";

/** The edit form: nickname, e-mail and role as typed. */
export interface UserEditForm {
  name: string;
  email: string;
  role: UserRole;
}

export function userEditFormFrom(user: Pick<UserDetail, "name" | "email" | "role">): UserEditForm {
  return { name: user.name, email: user.email ?? "", role: user.role === "ADMIN" ? "ADMIN" : "USER" };
}

/**
 * The `PATCH /api/users/:id` body: only what changed, so an unchanged e-mail keeps its verification and
 * an unchanged role never meets the own-account rule. An emptied e-mail is `null` (the address is
 * removed; the nickname still signs in).
 */
export function userUpdateFromForm(
  user: Pick<UserDetail, "name" | "email" | "role">,
  form: UserEditForm,
): UpdateUserRequest {
  const body: UpdateUserRequest = {};
  if (form.name.trim() !== user.name) body.name = form.name.trim();
  const email = form.email.trim().toLowerCase();
  if (email !== (user.email ?? "")) body.email = email === "" ? null : email;
  if (form.role !== userEditFormFrom(user).role) body.role = form.role;
  return body;
}

/** The shared rules (spec §5 texts) on what would be sent, keyed by form field. */
export function validateUserEdit(
  user: Pick<UserDetail, "name" | "email" | "role">,
  form: UserEditForm,
): FieldErrors {
  return fieldErrors(userUpdateFromForm(user, form), UpdateUserRequest);
}

/** The coin adjustment form: a signed amount and the reason that goes into the ledger. */
export interface CoinsForm {
  amount: string;
  reason: string;
}

/** The `POST /api/users/:id/coins` body; an amount that does not read as a number stays text. */
export function coinsRequestFromForm(form: CoinsForm): Record<string, unknown> {
  const typed = form.amount.trim();
  const number = Number(typed);
  return {
    amount: typed === "" ? undefined : Number.isFinite(number) ? number : typed,
    description: form.reason.trim(),
  };
}

/** Errors keyed by form field: the API's `description` is the form's reason. */
export function validateCoins(form: CoinsForm): FieldErrors {
  const errors = fieldErrors(coinsRequestFromForm(form), CoinsRequest);
  return coinsFormErrors(errors);
}

/** Renames the API's `description` field (a server refusal names it so) to the form's `reason`. */
export function coinsFormErrors(errors: FieldErrors): FieldErrors {
  const { description, ...rest } = errors;
  return description === undefined ? rest : { ...rest, reason: description };
}

/** The detail after a coin change: the new balance, and the transaction on top of the last 50. */
export function withCoinsResult(user: UserDetail, result: CoinsResult): UserDetail {
  return {
    ...user,
    balance: result.balance,
    transactions: [result.transaction, ...user.transactions].slice(0, 50),
  };
}

/** Texts of the user rules and refusals that the shared catalogues do not know, by message id. */
const userTexts: Record<string, MessageId> = {
  "Name cannot contain @": "user.edit.nameAt",
  "Must not be zero": "user.coins.notZero",
  [userErrors.notEnoughCoins]: "user.coins.notEnough",
  [userErrors.balanceTooLarge]: "user.coins.tooLarge",
};
const coinRange = `Must be between -${maxCoinAmount} and ${maxCoinAmount}`;

/**
 * A server refusal for a toast: the message id when this screen knows the text (the toast translates
 * ids and the shared catalogue's messages alike), else the server's text itself.
 */
export function userRefusalText(message: string): string {
  return userTexts[message] ?? message;
}

/** The coin refusals that are about the amount, so the form shows them at that field. */
export const amountRefusals: readonly string[] = [userErrors.notEnoughCoins, userErrors.balanceTooLarge];

/** A rule's or the server's message about a user in the current language, naming the field by its label. */
export function userMessage(tr: Translator, message: string, fieldLabel: string): string {
  const id = userTexts[message];
  if (id) return tr.t(id);
  if (message === coinRange) {
    return tr.t("user.coins.range", {
      min: tr.formatNumber(-maxCoinAmount),
      max: tr.formatNumber(maxCoinAmount),
    });
  }
  return ruleMessage(tr, message, fieldLabel);
}
