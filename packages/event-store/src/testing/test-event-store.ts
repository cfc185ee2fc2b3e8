import { afterAll, beforeAll } from "vitest";
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
export const createTestEventStore = async (
  more: readonly MigrationSet[] = [],
): Promise<{ db: Database; store: EventStore; close: () => Promise<void> }> => {
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

/**
 * `createTestEventStore` for the tests of one describe block: made in its beforeAll, closed
 * in its afterAll. Read `db` and `store` from the returned object inside the tests.
 */
export const useTestEventStore = (
  more: readonly MigrationSet[] = [],
): { readonly db: Database; readonly store: EventStore } => {
  const made: { db?: Database; store?: EventStore; close?: () => Promise<void> } = {};
  beforeAll(async () => {
    Object.assign(made, await createTestEventStore(more));
  });
  afterAll(() => made.close?.());
  return {
    get db() {
      if (!made.db) throw new Error("useTestEventStore: read db inside a test");
      return made.db;
    },
    get store() {
      if (!made.store) throw new Error("useTestEventStore: read store inside a test");
      return made.store;
    },
  };
};
