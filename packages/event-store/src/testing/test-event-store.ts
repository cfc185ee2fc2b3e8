import { migrate } from "@platform/db";
import type { Database, MigrationSet } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import { createPostgresEventStore } from "../postgres/postgres-event-store.ts";
import { eventStoreMigrations } from "../postgres/schema.ts";
import type { EventStore } from "../event-store.ts";

/**
 * A fresh test database (PGlite, or a schema of DATABASE_URL) with the event store's tables
 * and `more` migration sets, the PostgreSQL event store on it, and `close` for afterAll.
 */
export const createTestEventStore = async (more: readonly MigrationSet[] = []): Promise<{ db: Database; store: EventStore; close: () => Promise<void> }> => {
  const sets = [{ context: "event-store", migrations: eventStoreMigrations }, ...more];
  const db = await createTestDatabase({ migrations: sets });
  await migrate(db, sets);
  const store = createPostgresEventStore({ db });
  return {
    db,
    store,
    close: async () => {
      await store.close();
      await db.close();
    },
  };
};
