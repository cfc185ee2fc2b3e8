/** Time enters the domain through a Clock so deciders stay pure and tests can fix "now". */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where you put it; `advance` moves it forward. */
export const fixedClock = (
  start: Date | string,
): Clock & { set(d: Date | string): void; advance(ms: number): void } => {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
};
