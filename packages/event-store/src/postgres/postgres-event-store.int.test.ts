import { migrate } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import { eventStoreContract } from "../testing/contract.ts";
import { createPostgresEventStore } from "./postgres-event-store.ts";
import { eventStoreMigrations } from "./schema.ts";

eventStoreContract(process.env.DATABASE_URL ? "postgres" : "pglite", async () => {
  const db = await createTestDatabase();
  await migrate(db, [{ context: "event-store", migrations: eventStoreMigrations }]);
  const store = createPostgresEventStore({ db });
  return {
    store,
    dispose: async () => {
      await store.close();
      await db.close();
    },
  };
});
