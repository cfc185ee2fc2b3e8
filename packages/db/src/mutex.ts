/** A FIFO async mutex: `lock()` resolves with the function that releases it. */
export const createMutex = () => {
  let tail: Promise<void> = Promise.resolve();
  return {
    lock(): Promise<() => void> {
      let release!: () => void;
      const next = new Promise<void>((resolve) => {
        release = resolve;
      });
      const acquired = tail.then(() => release);
      tail = tail.then(() => next);
      return acquired;
    },
  };
};
