// Entries: page(operationId, method, path, summary[, success]) from ../../contract-page.ts.
/** The app developers' pages: installed apps, their components, ingresses and portal extension. */
export const appPagesContract = [] as const;
