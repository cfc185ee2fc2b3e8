export { openDatabase } from "./database.ts";
export type { Database, DatabaseOptions, AnyDB } from "./database.ts";
export { migrate } from "./migrator.ts";
export { coalescedNotify } from "./coalesced-notify.ts";
export { createBatchLoader } from "./batch-loader.ts";
export type { BatchLoaderOptions } from "./batch-loader.ts";
export type { Migration, MigrationSet } from "./migrator.ts";
export { withTransaction } from "./sql-client.ts";
export type { SqlClient, SqlPool, SqlConnection } from "./sql-client.ts";
