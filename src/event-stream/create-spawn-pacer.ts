/** Starts jobs a few at a time, one event-loop turn after another. */
export interface SpawnPacer {
  /** Runs `start` on a later turn of the event loop and resolves with its result. */
  run<T>(start: () => Promise<T>): Promise<T>;
}

/**
 * A pacer for process spawns. Starting a process blocks the event loop for a few milliseconds
 * (fork and exec happen on the calling thread), so starting 200 at once would stall the host
 * for a second: each turn starts jobs until `budgetMs` has passed (at least one), then yields
 * with `setImmediate` so timers and I/O run in between. Nothing starts synchronously.
 *
 * @example
 * ```ts
 * const pacer = createSpawnPacer();
 * const outcome = await pacer.run(() => spawnHandler(request));
 * ```
 */
export function createSpawnPacer(budgetMs = 2): SpawnPacer {
  let queue: (() => void)[] = [];
  let head = 0;
  let scheduled = false;

  const startQueuedJobs = (): void => {
    const startedAt = performance.now();
    do {
      const job = queue[head];
      queue[head] = noop;
      head += 1;
      job?.();
    } while (head < queue.length && performance.now() - startedAt < budgetMs);
    if (head < queue.length) {
      setImmediate(startQueuedJobs);
      return;
    }
    queue = [];
    head = 0;
    scheduled = false;
  };

  return {
    run<T>(start: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          try {
            start().then(resolve, reject);
          } catch (error) {
            reject(error);
          }
        });
        if (!scheduled) {
          scheduled = true;
          setImmediate(startQueuedJobs);
        }
      });
    },
  };
}

function noop(): void {}
