/** A reason the server cannot start that the operator can fix; main prints its message and exits 1. */
export class StartupError extends Error {
  override name = "StartupError";
}
