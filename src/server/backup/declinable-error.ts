/**
 * A backup or restore that could not be done (the command exits 1), or that was declined to protect
 * data (`refused`: exit 3).
 */
export class DeclinableError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}
