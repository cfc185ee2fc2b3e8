// The globals a component sees in the sandbox besides ECMAScript's own (no DOM, no Node): an app
// folder's tsconfig.json includes this file, so `fetch` or `process` in a component is a type error.
declare var console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};
declare var crypto: { randomUUID(): string };
