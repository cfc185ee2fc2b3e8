/** Timed pauses that all end at once when their owner stops (so a stop never waits one out). */
export const createPauses = () => {
  const pausing = new Set<() => void>();
  return {
    pause: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pausing.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        pausing.add(done);
      }),
    endAll: () => {
      for (const done of [...pausing]) done();
    },
  };
};
