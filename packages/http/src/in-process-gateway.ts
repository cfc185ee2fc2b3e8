import type { Hono } from "hono";
import type { PortRegistry } from "@platform/host";
import type { Gateway } from "@platform/ports";

/** The gateway app each platform's contexts call in-process: the first built on it (createGatewayApp). */
const built = new WeakMap<PortRegistry, Hono>();

/**
 * What the gateway context provides as the gateway port in its setup. The app is built only after boot
 * (from every context's routes), so the port forwards each call to it rather than being provided late:
 * a context may then declare that it requires the gateway and the boot checks that it is there.
 */
export const inProcessGateway = (registry: PortRegistry): Gateway => ({
  fetch: async (request, env) => {
    const app = built.get(registry);
    if (!app) throw new Error("No gateway app is built on this platform yet (createGatewayApp)");
    return app.fetch(request, env);
  },
});

/** Makes `app` the one the gateway port calls, unless one was built on this platform before. */
export const attachGatewayApp = (registry: PortRegistry, app: Hono): void => {
  if (!built.has(registry)) built.set(registry, app);
};
