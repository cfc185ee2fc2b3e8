export { createTestDatabase } from "./test-database.ts";
export { freePort, pgbouncerPath, startPgBouncer } from "./pgbouncer.ts";
export type { PgBouncer } from "./pgbouncer.ts";
export { createServerDatabase } from "./server-database.ts";
export { startStandby } from "./standby.ts";
export type { Standby } from "./standby.ts";
