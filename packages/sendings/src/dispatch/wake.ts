/** The NOTIFY channel that wakes dispatchers after a queue; per schema, so isolated tests never meet. */
export const wakeChannel = (schema: string) => `sendings_wake_${schema}`.slice(0, 63);
