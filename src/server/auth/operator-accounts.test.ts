import { describe, expect, test } from "bun:test";
import {
  generatedPassword,
  type NewStaffAccount,
  nicknameFromEmail,
  passwordProblem,
  staffAccountProblems,
} from "./operator-accounts.ts";

const account: NewStaffAccount = {
  email: "ada@example.com",
  displayName: "Ada Lovelace",
  role: "ADMIN",
  password: "correct horse",
};

describe("an account made from the command line", () => {
  test("passes with the fields the dashboard would accept", () => {
    expect(staffAccountProblems(account)).toEqual([]);
    expect(staffAccountProblems({ ...account, nickname: "ada.l" })).toEqual([]);
  });

  test("each bad field is named by its option", () => {
    expect(
      staffAccountProblems({
        ...account,
        email: "ada-at-example",
        displayName: "",
        nickname: "a@b",
        password: "short",
      }),
    ).toEqual([
      "--email: Email format is not valid",
      expect.stringMatching(/^--name: /),
      "--nickname: Name cannot contain @",
      "the password must be 8 to 128 characters long",
    ]);
  });

  test("the password rule is the server's: 8 to 128 characters, spaces at either end not counted", () => {
    expect(passwordProblem("12345678")).toBeNull();
    expect(passwordProblem("x".repeat(128))).toBeNull();
    expect(passwordProblem("1234567")).not.toBeNull();
    expect(passwordProblem("   1234567   ")).not.toBeNull();
    expect(passwordProblem("x".repeat(129))).not.toBeNull();
  });

  test("the nickname comes from the address, long enough and with the characters a nickname keeps", () => {
    expect(nicknameFromEmail("Ada.Lovelace@example.com")).toBe("ada.lovelace");
    expect(nicknameFromEmail("jo@example.com")).toBe("jo-admin");
    expect(nicknameFromEmail("+@example.com")).toBe("staff-admin");
    expect(nicknameFromEmail(`${"a".repeat(50)}@example.com`)).toHaveLength(32);
  });

  test("a generated password is 24 URL-safe characters and never the same twice", () => {
    const passwords = new Set(Array.from({ length: 50 }, generatedPassword));
    expect(passwords.size).toBe(50);
    for (const password of passwords) {
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(passwordProblem(password)).toBeNull();
    }
  });
});
