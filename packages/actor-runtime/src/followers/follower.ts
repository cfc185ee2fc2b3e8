import type { createLagWindow } from "./lag-window.ts";
import type { Projection, Reactor } from "./types.ts";

export type Log = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

/** A projection or reactor as the runner follows it. */
export type Follower = {
  readonly name: string;
  readonly kind: "projection" | "reactor";
  /** Written in each append's transaction (an inline projection on a store that can): never followed, only rebuilt. */
  readonly inline: boolean;
  readonly eventTypes: ReadonlySet<string> | null;
  /** Its event types as the shared page reads name them (shared-page-reads.ts). */
  readonly typesKey: string;
  readonly projection?: Projection;
  readonly reactor?: Reactor;
  readonly lag: ReturnType<typeof createLagWindow>;
};
