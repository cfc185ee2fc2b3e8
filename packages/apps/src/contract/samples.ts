import { decideAll } from "@platform/kernel";
import type { AppCommand } from "../app/commands.ts";
import { decideApp } from "../app/decide.ts";
import type { AppContent, AppEvent } from "../app/events.ts";
import { evolveApp, initialAppState } from "../app/state.ts";

const content = (digest: string, page?: string): AppContent => ({
  appId: "shop",
  manifest: {
    id: "shop",
    name: "Shop",
    description: "",
    authors: [],
    ...(page ? { extensions: { portal: "/portal.html" } } : {}),
    components: [{ id: "c" }],
    ingresses: [],
  },
  components: { c: { source: "export const parameters = {}; export default () => 1;", parameters: {} } },
  ...(page ? { files: { "portal.html": { source: page } } } : {}),
  digest: digest.repeat(64),
  installedBy: { principalId: "0190a000-0000-7000-8000-000000000001", attributes: {} },
});

/** Real events from the app decider: install, upgrade (shipping a portal page), remove. */
export const sampleAppEvents = (): AppEvent[] => {
  const commands: AppCommand[] = [
    { type: "install", content: content("a") },
    { type: "install", content: content("b", "<!doctype html><p>Orders today</p>") },
    { type: "remove", appId: "shop" },
  ];
  return decideAll({ decide: decideApp, evolve: evolveApp, initialState: initialAppState }, commands);
};
