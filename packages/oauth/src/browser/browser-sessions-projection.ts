import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";

/**
 * Ends a principal's signed-in browsers (the `oauth_session` cookie) when its password is set
 * (changed by itself or reset by an administrator), when it is suspended (a later
 * reactivation revives nothing) and when it is deleted: a browser that signed in with the old
 * password, or before the suspension, mints no more codes.
 *
 * It runs with the append (the write returns only once this has run) and only ends sessions
 * signed in before the event, so a replay never ends a newer sign-in.
 */
export const browserSessionsProjection: Projection = {
  name: "oauth-browser-sessions",
  eventTypes: ["PrincipalPasswordSet", "PrincipalSuspended", "PrincipalDeleted"],
  apply: async (trx, events) => {
    for (const e of events) {
      const principalId = e.streamId.slice("principal-".length);
      await sql`DELETE FROM oauth_browser_sessions
        WHERE principal_id = ${principalId} AND auth_time <= ${e.metadata.at}::timestamptz`.execute(trx);
    }
  },
  // Browser sessions are not rebuilt from events: a rebuild keeps them (and replays only end older ones).
  reset: async () => {},
};
