import type { StaffNotePush } from "../../../shared/staff-notes-api.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff } from "../../realtime/staff-socket.ts";

/**
 * A note written, changed or deleted reaches every open admin page on the staff topic, and only
 * there: notes have no path to a visitor's socket. Best effort after the commit, like the other
 * staff pushes: the note is stored, and a page that missed the push reads the notes on reconnect.
 */
export async function announceNote(
  deps: { fanout: Fanout; logger?: Logger },
  push: StaffNotePush,
): Promise<void> {
  try {
    await pushToStaff(deps.fanout, { name: "staff-note", data: push });
  } catch (error) {
    deps.logger?.warn("staff-note push failed", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
