import type { SQL } from "bun";
import { createUser, type NewUser, type StoredUser } from "../auth/users-repository.ts";
import { testPasswords } from "./test-passwords.ts";

/** What a sign-in test names of its account; the rest as `createSignInAccount` says. */
export type SignInAccount = Omit<NewUser, "email" | "role"> & {
  email?: string | null;
  role?: "USER" | "ADMIN";
};

/**
 * An account written straight to the database for a sign-in test, hashed as test servers hash: a USER
 * unless `role` says ADMIN, mailed at `<name>@example.com` unless `email` says otherwise (null: none).
 */
export function createSignInAccount(sql: SQL, account: SignInAccount): Promise<StoredUser> {
  return createUser(sql, { email: `${account.name}@example.com`, role: "USER", ...account }, testPasswords);
}
