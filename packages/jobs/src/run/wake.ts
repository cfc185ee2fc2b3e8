/** The NOTIFY channel that wakes job workers after a job is scheduled; per schema, so isolated tests never meet. */
export const wakeChannel = (schema: string) => `jobs_wake_${schema}`.slice(0, 63);
