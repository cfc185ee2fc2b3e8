export { createTestDatabase } from "./test-database.ts";
export { pgbouncerPath, startPgBouncer } from "./pgbouncer.ts";
export type { PgBouncer } from "./pgbouncer.ts";
export { createServerDatabase } from "./server-database.ts";
