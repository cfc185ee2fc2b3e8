import type { Platform } from "@platform/host";

/** A projection further behind than this is not ready. */
const MAX_BEHIND = 1000;

/** Database reachable, migrations done (we booted), projections caught up, contexts healthy. */
export const readiness = async (platform: Platform) => {
  const checks: Record<string, unknown> = {};
  let ready = true;
  try {
    await platform.db.pool.query("SELECT 1");
    checks.database = { ok: true, engine: platform.db.engine };
  } catch (e) {
    ready = false;
    checks.database = { ok: false, error: (e as Error).message };
  }
  checks.migrations = { ok: true };
  if (ready) {
    const followers = await platform.followers.status();
    const lagging = followers.filter((f) => f.name.startsWith("projection:") && f.behind >= MAX_BEHIND);
    if (lagging.length) ready = false;
    checks.projections = {
      ok: lagging.length === 0,
      followers: followers.map((f) => ({
        name: f.name,
        mode: f.mode,
        behind: f.behind,
        ...(f.lag ? { lag: f.lag } : {}),
      })),
    };
    for (const context of platform.contexts) {
      if (!context.health) continue;
      const h = await context.health(platform).catch((e: Error) => ({ ok: false, error: e.message }));
      checks[context.name] = h;
      if (!h.ok) ready = false;
    }
  }
  return { ready, checks };
};
