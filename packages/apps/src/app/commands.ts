import type { AppContent } from "./events.ts";

/** Install or upgrade: the content was validated (and every component compiled) before. */
export type AppCommand =
  | { readonly type: "install"; readonly content: AppContent }
  | { readonly type: "remove"; readonly appId: string };
