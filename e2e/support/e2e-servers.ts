import { altchaServerEnv, currentSlot, mainServerEnv } from "./e2e-layout.ts";

/** This worker's main server, as the specs address it. */
export const e2eEnv = (() => {
  const slot = currentSlot();
  return { ...mainServerEnv(slot), DATABASE_HELPER_PORT: String(slot.databasePort) };
})();

/** This worker's ALTCHA server. */
export const altchaEnv = altchaServerEnv(currentSlot());
