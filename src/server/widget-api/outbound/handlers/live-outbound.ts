import type { SQL } from "bun";
import { findOutbound, type Outbound } from "../../../domain/outbounds/outbound-repository.ts";

/**
 * Visitors get live content only: a draft (or withdrawn) outbound reads exactly like an unknown id,
 * so its id, once seen, hands out neither its texts nor whether it exists.
 */
export async function liveOutbound(
  sql: SQL,
  projectId: string,
  id: string,
  type: Outbound["type"],
): Promise<Outbound | null> {
  const found = await findOutbound(sql, projectId, id, type);
  return found?.status === "live" ? found : null;
}
