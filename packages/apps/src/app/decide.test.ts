import { describe, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import type { AppCommand } from "./commands.ts";
import { decideApp } from "./decide.ts";
import type { AppContent, AppEvent } from "./events.ts";
import { evolveApp, initialAppState } from "./state.ts";
import type { AppState } from "./state.ts";

const { given } = givenFor<AppState, AppCommand, AppEvent>({
  decide: decideApp,
  evolve: evolveApp,
  initialState: initialAppState,
});

const content = (over: Partial<AppContent> = {}): AppContent => ({
  appId: "shop",
  manifest: { id: "shop", name: "Shop", description: "", authors: [], components: [{ id: "c" }], ingresses: [] },
  components: { c: { source: "export const parameters = {}; export default () => 1;", parameters: {} } },
  digest: "d1",
  installedBy: { principalId: "p1", attributes: {} },
  ...over,
});
const installed: AppEvent = { type: "AppInstalled", data: content() };

describe("app decider", () => {
  it("installs a new app", () =>
    given([])
      .when({ type: "install", content: content() })
      .then([{ type: "AppInstalled", data: content() }]));
  it("upgrades an installed app to new content", () =>
    given([installed])
      .when({ type: "install", content: content({ digest: "d2" }) })
      .then([{ type: "AppUpgraded", data: content({ digest: "d2" }) }]));
  it("does nothing for the same content by the same installer", () =>
    given([installed]).when({ type: "install", content: content() }).then([]));
  it("does nothing for the same installer read back from jsonb (its keys in another order)", () =>
    given([{ type: "AppInstalled", data: content({ installedBy: { attributes: {}, principalId: "p1" } }) }])
      .when({ type: "install", content: content() })
      .then([]));
  it("records a re-install by another installer (its acl and attributes are now theirs)", () =>
    given([installed])
      .when({ type: "install", content: content({ installedBy: { clientId: "c9", attributes: {} } }) })
      .then([{ type: "AppUpgraded", data: content({ installedBy: { clientId: "c9", attributes: {} } }) }]));
  it("installs again after a removal, in the same journal", () =>
    given([installed, { type: "AppRemoved", data: { appId: "shop" } }])
      .when({ type: "install", content: content() })
      .then([{ type: "AppInstalled", data: content() }]));
  it(
    "upgrades an app installed before apps could ship a portal page (its event has no files) to " + "one that ships it",
    () =>
      given([installed])
        .when({
          type: "install",
          content: content({ digest: "d3", files: { "portal.html": { source: "<p>hi</p>" } } }),
        })
        .then([
          { type: "AppUpgraded", data: content({ digest: "d3", files: { "portal.html": { source: "<p>hi</p>" } } }) },
        ]),
  );
  it("removes an installed app", () =>
    given([installed])
      .when({ type: "remove", appId: "shop" })
      .then([{ type: "AppRemoved", data: { appId: "shop" } }]));
  it("refuses to remove an app that is not installed", () =>
    given([installed, { type: "AppRemoved", data: { appId: "shop" } }])
      .when({ type: "remove", appId: "shop" })
      .thenRejects("NOT_FOUND"));
  it("refuses a manifest whose id is another app's", () =>
    given([])
      .when({ type: "install", content: content({ appId: "other" }) })
      .thenRejectsField("manifest.id"));
  it("refuses content for another app on this app's actor", () =>
    given([installed])
      .when({
        type: "install",
        content: { ...content({ appId: "other" }), manifest: { ...content().manifest, id: "other" } },
      })
      .thenRejects("CONFLICT"));
});
