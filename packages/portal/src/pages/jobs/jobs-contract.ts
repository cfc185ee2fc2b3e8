// Entries: page(operationId, method, path, summary[, success]) from ../../contract-page.ts.
/** The jobs pages: definitions and their schedules, jobs, statistics. */
export const jobPagesContract = [] as const;
