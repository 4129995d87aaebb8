/**
 * totp.ts, and otpauth with it, loaded by the first code made or checked rather than by every start
 * (startup-modules.test.ts). totp.ts itself keeps its static import: the end-to-end tests run it in
 * Node, where a lazy `require` inside it does not exist.
 */
export const loadTotp = () => import("./totp.ts");
