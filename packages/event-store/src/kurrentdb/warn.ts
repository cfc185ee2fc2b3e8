/** Reports a best-effort failure (a listener, a subscription, a key release) without throwing. */
export const warn = (message: string, error: unknown) =>
  process.emitWarning(`${message}: ${error instanceof Error ? error.message : String(error)}`, {
    code: "KURRENT_EVENT_STORE",
  });
