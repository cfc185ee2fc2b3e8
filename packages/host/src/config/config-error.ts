/**
 * A configuration the service refuses to start with: every bad variable at once, so an operator fixes them in one
 * round (the entry point exits 78, EX_CONFIG, on it).
 */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}
