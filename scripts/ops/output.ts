/** Where a command writes: stdout for results, stderr for problems. Tests pass collectors. */
export type Output = { readonly out: (line: string) => void; readonly err: (line: string) => void };

export const consoleOutput: Output = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};
