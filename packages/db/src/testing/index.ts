export { createTestDatabase } from "./test-database.ts";
