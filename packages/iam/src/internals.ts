import type { Database } from "@platform/db";
import type { ActorRuntime } from "@platform/actor-runtime";
import { systemClock } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import { definePort } from "@platform/host";
import type { Config, Logger, PersonalData } from "@platform/host";
import { createActivityRecorder } from "./access/activity.ts";
import { createClientThrottle, defaultClientThrottleOptions } from "./client/client-throttle.ts";
import { createSecretStore } from "./client/secrets.ts";
import { createCredentialStore } from "./passwords/credentials.ts";
import { createPasswordHasher } from "./passwords/hashing.ts";
import type { HashingOptions } from "./passwords/hashing.ts";
import { createPasswordThrottle, defaultThrottleOptions } from "./passwords/password-throttle.ts";
import type { ThrottleOptions } from "./passwords/password-throttle.ts";
import { createSessionStore } from "./sessions/session-store.ts";
import { createSessionEnds } from "./sessions/session-ends.ts";
import { createSessionsService } from "./sessions/sessions-service.ts";
import { createIamService } from "./service.ts";

/** What the IAM routes, bootstrap and services share inside one process. Not exported from the package. */
export const createIamInternals = (
  deps: {
    readonly db: Database;
    readonly runtime: ActorRuntime;
    readonly config: Config;
    readonly log: Logger;
    readonly personalData: PersonalData;
  },
  options: {
    readonly hashing?: HashingOptions | undefined;
    readonly throttle?: Partial<ThrottleOptions> | undefined;
    readonly clientThrottle?: Partial<ThrottleOptions> | undefined;
    readonly clock?: Clock | undefined;
  } = {},
) => {
  const { db } = deps;
  const clock = options.clock ?? systemClock;
  const hasher = createPasswordHasher(options.hashing);
  const throttle = createPasswordThrottle({
    pool: db.pool,
    clock,
    options: { ...defaultThrottleOptions, ...options.throttle },
  });
  const clientThrottleOptions = { ...defaultClientThrottleOptions, ...options.clientThrottle };
  const clientThrottle = createClientThrottle({ pool: db.pool, clock, options: clientThrottleOptions });
  const sessionStore = createSessionStore(db);
  const secrets = createSecretStore(db, clock);
  const credentials = createCredentialStore(db);
  const recordActivity = createActivityRecorder(db, clock);
  const sessions = createSessionsService({ db, store: sessionStore, recordActivity, clock, ttl: deps.config.tokens });
  let bootstrapped: Promise<void> = Promise.resolve();
  const principalByEmail = async (email: string) => {
    const stream = await deps.runtime.store.lookupKey("principal:email", email.toLowerCase());
    return stream ? stream.slice("principal-".length) : null;
  };
  const service = createIamService({
    db,
    sessions,
    sessionEnds: createSessionEnds(db),
    secrets,
    credentials,
    hasher,
    throttle,
    clientThrottle,
    recordActivity,
    clock,
    principalByEmail,
    ready: () => bootstrapped,
  });
  return {
    ...deps,
    clock,
    hasher,
    throttle,
    sessionStore,
    secrets,
    credentials,
    recordActivity,
    sessions,
    service,
    /**
     * Start-up bootstrap runs in the background (the projections start after boot); password and client checks wait for
     * it.
     */
    setBootstrap(p: Promise<void>) {
      bootstrapped = p;
    },
  };
};

export type IamInternals = ReturnType<typeof createIamInternals>;

export const iamInternalsKey = definePort<IamInternals>("iam.internals");
