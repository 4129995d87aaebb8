import { describe, expect, test } from "bun:test";
import type { UserDetail } from "../../shared/users-api.ts";
import { translator } from "../i18n/intl.ts";
import {
  coinsFormErrors,
  coinsRequestFromForm,
  userEditFormFrom,
  userMessage,
  userUpdateFromForm,
  validateCoins,
  validateUserEdit,
  withCoinsResult,
} from "./user-edit-state.ts";

const user = { name: "ada", email: "ada@example.com", role: "USER" };

describe("user edit form", () => {
  test("starts from the stored values; a missing e-mail is an empty field", () => {
    expect(userEditFormFrom(user)).toEqual({ name: "ada", email: "ada@example.com", role: "USER" });
    expect(userEditFormFrom({ ...user, email: null, role: "ADMIN" })).toEqual({
      name: "ada",
      email: "",
      role: "ADMIN",
    });
  });

  test("sends only what changed, trimmed, the e-mail lower-cased", () => {
    const form = userEditFormFrom(user);
    expect(userUpdateFromForm(user, form)).toEqual({});
    expect(userUpdateFromForm(user, { ...form, name: "  grace " })).toEqual({ name: "grace" });
    expect(userUpdateFromForm(user, { ...form, email: " Ada@Example.COM " })).toEqual({});
    expect(userUpdateFromForm(user, { ...form, email: "G@Example.com", role: "ADMIN" })).toEqual({
      email: "g@example.com",
      role: "ADMIN",
    });
  });

  test("an emptied e-mail removes the address; an empty one stays absent", () => {
    expect(userUpdateFromForm(user, { ...userEditFormFrom(user), email: "  " })).toEqual({ email: null });
    const noEmail = { ...user, email: null };
    expect(userUpdateFromForm(noEmail, userEditFormFrom(noEmail))).toEqual({});
  });

  test("the shared rules refuse with the spec texts", () => {
    const form = userEditFormFrom(user);
    expect(validateUserEdit(user, { ...form, name: "" })).toEqual({ name: "name is required" });
    expect(validateUserEdit(user, { ...form, name: "ab" }).name).toBe("Must be greater than 2 characters");
    expect(validateUserEdit(user, { ...form, name: "x".repeat(33) }).name).toBe(
      "Must be less than 33 characters",
    );
    expect(validateUserEdit(user, { ...form, name: "a@b" }).name).toBe("Name cannot contain @");
    expect(validateUserEdit(user, { ...form, email: "not-an-address" }).email).toBe(
      "Email format is not valid",
    );
    expect(validateUserEdit(user, { ...form, email: "" })).toEqual({});
  });
});

describe("coin adjustment", () => {
  test("reads the amount as a number and the reason trimmed", () => {
    expect(coinsRequestFromForm({ amount: " -25 ", reason: " Refund " })).toEqual({
      amount: -25,
      description: "Refund",
    });
    expect(validateCoins({ amount: "-25", reason: "Refund" })).toEqual({});
  });

  test("refusals name the form's fields", () => {
    expect(validateCoins({ amount: "", reason: "" })).toEqual({
      amount: "amount is required",
      reason: "description is required",
    });
    expect(validateCoins({ amount: "0", reason: "x" }).amount).toBe("Must not be zero");
    expect(validateCoins({ amount: "1.5", reason: "x" }).amount).toBe("Must be a whole number");
    expect(validateCoins({ amount: "ten", reason: "x" }).amount).toBe("Must be a whole number");
    expect(validateCoins({ amount: "2000000000", reason: "x" }).amount).toBe(
      "Must be between -1000000000 and 1000000000",
    );
    expect(coinsFormErrors({ description: "Must be less than 201 characters" })).toEqual({
      reason: "Must be less than 201 characters",
    });
  });

  test("the answer updates the balance and puts the transaction first, keeping 50", () => {
    const old = Array.from({ length: 50 }, (_, index) => ({
      id: `t${index}`,
      amount: 1,
      description: "old",
      createdAt: "2026-10-01T00:00:00.000Z",
    }));
    const detail = { balance: 50, transactions: old } as unknown as UserDetail;
    const transaction = {
      id: "new",
      amount: -20,
      description: "Refund",
      createdAt: "2026-11-01T00:00:00.000Z",
    };
    const next = withCoinsResult(detail, { balance: 30, transaction });
    expect(next.balance).toBe(30);
    expect(next.transactions).toHaveLength(50);
    expect(next.transactions[0]).toEqual(transaction);
    expect(next.transactions.at(-1)?.id).toBe("t48");
  });
});

describe("user texts", () => {
  test("user rules read in the current language; other rules name the field by its label", () => {
    const en = translator("en-US");
    const de = translator("de");
    expect(userMessage(en, "Not enough coins", "Amount")).toBe(
      "Not enough coins: the balance cannot go below zero.",
    );
    expect(userMessage(de, "Name cannot contain @", "Nickname")).toBe("Der Nickname darf kein @ enthalten");
    expect(userMessage(en, "Must be between -1000000000 and 1000000000", "Amount")).toBe(
      "Must be between -1,000,000,000 and 1,000,000,000",
    );
    expect(userMessage(de, "name is required", "Nickname")).toBe("Nickname ist erforderlich");
    expect(userMessage(de, "A user with this name already exists", "Nickname")).toBe(
      "Ein Nutzer mit diesem Namen existiert bereits",
    );
  });
});
