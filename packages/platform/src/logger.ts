import pino from "pino";

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Secrets never reach them: the redact list covers the fields that
 * could carry one, wherever they appear.
 */
export const createLogger = (level = "info"): Logger =>
  pino({
    level,
    base: { service: "actor-platform" },
    redact: {
      paths: ["password", "*.password", "secret", "*.secret", "token", "*.token", "authorization", "*.authorization", "headers.authorization", "req.headers.authorization", "req.headers.cookie", "*.accessToken", "*.refreshToken", "*.clientSecret", "*.newPassword", "*.currentPassword", "*.temporaryPassword"],
      censor: "[redacted]",
    },
  });
