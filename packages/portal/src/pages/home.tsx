import { Hono } from "hono";
import type { ApiClient } from "../api/api-client.ts";
import { Page } from "../html/layout.tsx";
import { render } from "../html/render.ts";
import type { PortalEnv } from "../session/viewer.ts";
import { HealthSection } from "./home-health.tsx";
import { loadHealth } from "./home-health-load.ts";

const TILES = [
  {
    href: "/portal/principals",
    title: "Principals",
    text: "People: find, create, suspend, reset passwords, end sessions.",
    resource: "iam/principals",
  },
  {
    href: "/portal/clients",
    title: "Clients",
    text: "Applications and service accounts, their secrets and roles.",
    resource: "iam/clients",
  },
  {
    href: "/portal/roles",
    title: "Roles",
    text: "Custom roles and the ACL entries they grant.",
    resource: "iam/roles",
  },
  {
    href: "/portal/sendings",
    title: "Sendings",
    text: "The email queue's health; find, inspect and cancel sendings.",
    resource: "sendings",
  },
  {
    href: "/portal/orders",
    title: "Orders",
    text: "Orders, and any actor's journal and state at each version.",
    resource: "actors/order",
  },
  {
    href: "/portal/apps",
    title: "Apps",
    text: "Installed apps, their components, ingresses and portal pages.",
    resource: "apps",
  },
  {
    href: "/portal/job-definitions",
    title: "Jobs",
    text: "Job definitions and schedules, jobs, and their statistics.",
    resource: "job-definitions",
  },
  {
    href: "/portal/subscriptions",
    title: "Subscriptions",
    text: "Outbound webhooks: create and change them, watch their deliveries; pause, resume, replay.",
    resource: "subscriptions",
  },
] as const;

/**
 * `/portal`: where to go, only the sections this viewer may read, and the service's health as far as this viewer may
 * read it.
 */
export const homeRoutes = (api: ApiClient, now: () => Date = () => new Date()) =>
  new Hono<PortalEnv>().get("/portal", async (c) => {
    const viewer = c.get("viewer");
    const health = await loadHealth(api, c, viewer, now());
    const name = viewer.me.principal?.name ?? viewer.me.id;
    return render(
      c,
      <Page title={`Welcome, ${name}`} viewer={viewer}>
        <ul class="tiles">
          {TILES.filter((t) => viewer.can(t.resource, "read")).map((t) => (
            <li>
              <a href={t.href}>
                <strong>{t.title}</strong>
                {t.text}
              </a>
            </li>
          ))}
          <li>
            <a href="/portal/me">
              <strong>My account</strong>
              Your profile, password, sessions and personal access tokens.
            </a>
          </li>
          <li>
            <a href="/docs">
              <strong>API reference</strong>
              Every endpoint, with request and response schemas.
            </a>
          </li>
        </ul>
        <HealthSection health={health} />
      </Page>,
    );
  });
