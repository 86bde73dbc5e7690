import { AsyncResource } from "node:async_hooks";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";

/** Wall time one event-loop turn may spend on paced work before the rest waits for later turns. */
const turnBudgetMs = 1;

/**
 * What a job does, most urgent first: `finish` releases work (an answer, a crash), `start`
 * starts a handler, `accept` begins a dispatch that arrived in a burst. Work in progress is
 * finished before more is started, and started before more is accepted.
 */
export type JobPriority = "finish" | "start" | "accept";

const priorities: readonly JobPriority[] = ["finish", "start", "accept"];

/** One first-in first-out queue per priority; `head` is the next job's index. */
const queues = new Map(
  priorities.map((priority) => [priority, { jobs: [] as (() => void)[], head: 0 }]),
);
/** When the current turn's first paced job ran, or null when no turn is open. */
let turnStartedAt: number | null = null;
let draining = false;

/**
 * Runs `job` now while this event-loop turn has spent less than 1 ms since its first paced job,
 * else later, one job per turn, the most urgent first and each priority in call order. Starting
 * a process blocks the calling thread for a millisecond or two (fork and exec), and a burst of a
 * thousand events would otherwise run back to back; paced, the host's timers and I/O run between
 * jobs. A single job is never delayed. A job must not throw (one that does is ignored).
 */
export function paceWork(job: () => void, priority: JobPriority = "start"): void {
  if (draining) {
    // Bound: a queued job runs in its caller's async context (a served connection's, say).
    queues.get(priority)?.jobs.push(AsyncResource.bind(job));
    return;
  }
  const now = readMonotonicMs();
  if (turnStartedAt === null) {
    turnStartedAt = now;
    setImmediate(closeTurn);
  }
  if (now - turnStartedAt < turnBudgetMs) {
    runJob(job);
    return;
  }
  queues.get(priority)?.jobs.push(AsyncResource.bind(job));
  draining = true;
  setImmediate(runNextJob);
}

/** Ends a turn that queued nothing: the next job runs at once again. */
function closeTurn(): void {
  if (!draining) turnStartedAt = null;
}

/** Runs one queued job per turn until every queue is empty. */
function runNextJob(): void {
  turnStartedAt = readMonotonicMs();
  for (const queue of queues.values()) {
    if (queue.head === queue.jobs.length) continue;
    const job = queue.jobs[queue.head];
    queue.jobs[queue.head] = skip;
    queue.head += 1;
    if (queue.head === queue.jobs.length) {
      queue.jobs = [];
      queue.head = 0;
    }
    if (job !== undefined) runJob(job);
    break;
  }
  for (const queue of queues.values()) {
    if (queue.jobs.length > 0) {
      setImmediate(runNextJob);
      return;
    }
  }
  draining = false;
  setImmediate(closeTurn);
}

function runJob(job: () => void): void {
  try {
    job();
  } catch {
    // Jobs report their own failures; one that throws must not stall the queue.
  }
}

function skip(): void {}
