/** The stream was not at the expected version: someone else appended first. Reload and retry. */
export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} expected ${expected} but is at ${actual}`);
    this.name = "WrongExpectedVersionError";
  }
}

/** A natural key is already held by another stream. */
export class KeyConflictError extends Error {
  constructor(
    readonly scope: string,
    readonly key: string,
  ) {
    super(`Key ${scope}=${key} is already taken`);
    this.name = "KeyConflictError";
  }
}
