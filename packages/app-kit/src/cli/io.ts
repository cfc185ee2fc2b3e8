/** Where a command prints: what it did to `out`, problems to `err` (a test captures both). */
export type Io = { out(line: string): void; err(line: string): void };

export const processIo: Io = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

/** A command's wrong use: printed with its usage, exit 2. */
export class UsageError extends Error {}
