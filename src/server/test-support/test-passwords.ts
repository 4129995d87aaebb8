import { passwordHashing } from "../auth/password-hashing.ts";

/** Password hashing as test servers do it (`PASSWORD_HASH_COST=test`), for tests that write accounts directly. */
export const testPasswords = passwordHashing("test");
