import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import type { DatabaseConfig, PersonalDataConfig } from "../config.ts";
import type { BoundedContext } from "../context.ts";
import type { Logger } from "../logger.ts";
import { dataKeyBytes } from "../config.ts";
import { loadDataKey, wrappingKeyOf } from "./data-key.ts";
import { personalFieldsOf } from "./personal-fields.ts";
import { protectPersonalData } from "./protected-store.ts";
import type { PersonalDataPolicy } from "./protected-store.ts";
import { createSubjectKeys } from "./subject-keys.ts";
import { sealExisting } from "./seal-existing.ts";

/** What contexts may do with personal data beyond reading it (it reads plain through the store). */
export type PersonalData = {
  /**
   * Destroys the subjects' keys: their events' personal fields read null (`erased: true`) from
   * now on, in every process, and nothing personal can be written for them again.
   */
  erase(subjects: readonly string[]): Promise<void>;
  /**
   * A context that keeps records about a person by their address (the sendings to an email)
   * erases them here when that person is erased. Register in `setup`.
   */
  onContactsErased(handler: (contacts: readonly string[]) => Promise<void>): void;
  /**
   * Runs every registered handler for these addresses (lower-cased emails, phone numbers), before the person's own key
   * goes.
   */
  eraseContacts(contacts: readonly string[]): Promise<void>;
};

const personalDataService = (keys: { erase(subjects: readonly string[]): Promise<void> }): PersonalData => {
  const handlers: ((contacts: readonly string[]) => Promise<void>)[] = [];
  return {
    erase: (subjects) => keys.erase(subjects),
    onContactsErased: (handler) => void handlers.push(handler),
    eraseContacts: async (contacts) => {
      if (contacts.length) for (const h of handlers) await h(contacts);
    },
  };
};

/** The personal fields every context's event schemas mark, and the natural-key scopes they call personal. */
export const personalDataPolicy = (contexts: readonly BoundedContext[]): PersonalDataPolicy => ({
  fields: new Map(contexts.flatMap((c) => Object.entries(personalFieldsOf(c.contract?.events ?? {})))),
  lookupScopes: new Set(contexts.flatMap((c) => c.personalKeys ?? [])),
});

/**
 * Opens the subjects' keys with DATA_KEY (checked against the database: a wrong key stops the
 * start) and wraps the store so the contexts' personal fields are sealed on append and opened on read.
 */
export const openPersonalData = async (options: {
  config: PersonalDataConfig & DatabaseConfig;
  db: Database;
  contexts: readonly BoundedContext[];
  log: Logger;
  seal: boolean;
}) => {
  const { key, source } = await loadDataKey(options.config);
  if (source === "file" && options.config.databaseUrl)
    options.log.warn(
      "DATA_KEY is not set: personal data is protected by the key in DATA_DIR/data-key; set " +
        "DATA_KEY (kept apart from the database) in production",
    );
  const keys = createSubjectKeys(options.db, wrappingKeyOf(key));
  const previous = options.config.dataKeyPrevious
    ? wrappingKeyOf(dataKeyBytes(options.config.dataKeyPrevious)!)
    : undefined;
  const lookup = await keys.verify(previous, options.log);
  const policy = personalDataPolicy(options.contexts);
  const service = personalDataService(keys);
  const onErased = (listener: (subject: string) => void) => keys.onErased(listener);
  if (!options.seal) return { protect: (store: EventStore) => store, service, onErased, close: () => keys.close() };
  if (options.config.eventStoreUrl)
    options.log.debug(
      "events stored in KurrentDB before their fields were marked personal stay as they were " +
        "written (its log cannot be rewritten)",
    );
  else await sealExisting(options.db, policy, keys, lookup, options.log);
  return {
    protect: (store: EventStore) => protectPersonalData(store, policy, keys, lookup),
    service,
    onErased,
    close: () => keys.close(),
  };
};
