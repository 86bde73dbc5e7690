// Summaries of timing samples: median and p99 by nearest rank, in the samples' unit.

/** The value at percentile `p` (0–100) of `values`, nearest rank; NaN when empty. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Median, p99, minimum and count of a list of samples. */
export function summarize(values) {
  return {
    samples: values.length,
    median: percentile(values, 50),
    p99: percentile(values, 99),
    min: values.length === 0 ? Number.NaN : Math.min(...values),
  };
}

/** The summary of each contender's samples, by the contender's name. */
export function summarizeEach(durations) {
  return Object.fromEntries(
    Object.entries(durations).map(([name, values]) => [name, summarize(values)]),
  );
}

/**
 * Runs every contender once per round, rotating who goes first, after `warmup` rounds that are
 * not recorded; returns each contender's durations in milliseconds. Measuring side by side in
 * one loop keeps machine noise (other processes, CPU frequency) out of the ratios.
 * `settle(name, recorded)`, when given, runs untimed after each call, so work a contender leaves
 * in the background does not fall into the next sample.
 */
export async function sampleSideBySide(contenders, { warmup, samples, settle }) {
  const names = Object.keys(contenders);
  const durations = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < warmup + samples; round += 1) {
    for (let offset = 0; offset < names.length; offset += 1) {
      const name = names[(round + offset) % names.length];
      const startedAt = performance.now();
      await contenders[name]();
      const elapsed = performance.now() - startedAt;
      if (round >= warmup) durations[name].push(elapsed);
      if (settle !== undefined) await settle(name, round >= warmup);
    }
  }
  return durations;
}

/**
 * One figure (milliseconds) per contender of `durations`, with its median's ratio to the median
 * of the contender `baselineName`; the table names that baseline `ratioAgainst` (by default its
 * own name).
 */
export function describeRatioFigures(durations, baselineName, ratioAgainst = baselineName) {
  const stats = summarizeEach(durations);
  const baseline = stats[baselineName];
  return Object.entries(stats).map(([name, stat]) => ({
    name,
    unit: "ms",
    ...stat,
    ratio: stat.median / baseline.median,
    ratioAgainst,
  }));
}

/**
 * A target on a factor (unit ×): met when `measured` is at most `limit` (`bound` "atMost") or at
 * least `limit` (`bound` "atLeast").
 */
export function describeFactorTarget(id, text, measured, { limit, bound }) {
  const met = bound === "atMost" ? measured <= limit : measured >= limit;
  return { id, text, measured, unit: "×", limit, met };
}
