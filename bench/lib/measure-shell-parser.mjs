// One candidate in a fresh Node process, for `npm run bench:parsers`:
//   node measure-shell-parser.mjs <node_modules> <candidate index> cold|warm
// cold: milliseconds to load the parser and to parse the first command. warm: medians of many
// parses of a typical and a 4 KB command, and the memory it took. Prints one JSON line.
import { candidates } from "./shell-parser-candidates.mjs";
import { createLargeCommand, typicalCommand } from "./shell-parser-inputs.mjs";
import { summarize } from "./statistics.mjs";

const [modules, indexText, mode] = process.argv.slice(2);
const candidate = candidates[Number(indexText)];
if (modules === undefined || candidate === undefined) throw new Error("usage: <modules> <i> mode");

const collect = () => /** @type {any} */ (globalThis).gc?.();
collect();
const before = process.memoryUsage();
const loadStartedAt = performance.now();
const parser = await candidate.load(modules);
const loadMs = performance.now() - loadStartedAt;
const firstStartedAt = performance.now();
await parser.parseOnly(typicalCommand, "bash");
const firstParseMs = performance.now() - firstStartedAt;

if (mode === "cold") {
  process.stdout.write(`${JSON.stringify({ loadMs, firstParseMs })}\n`);
} else {
  collect();
  const loaded = process.memoryUsage();
  /**
   * @param {string} source
   * @param {number} most
   * @param {number} budgetMs
   */
  const time = async (source, most, budgetMs) => {
    /** @type {number[]} */
    const samples = [];
    const startedAt = performance.now();
    for (let round = 0; round < most && performance.now() - startedAt < budgetMs; round += 1) {
      const roundStartedAt = performance.now();
      await parser.parseOnly(source, "bash");
      if (round >= 5) samples.push(performance.now() - roundStartedAt);
    }
    return summarize(samples);
  };
  const typical = await time(typicalCommand, 2_000, 4_000);
  const large = await time(createLargeCommand(), 500, 6_000);
  // Memory after a fixed amount of work, the same for each candidate.
  for (let round = 0; round < 200; round += 1) await parser.parseOnly(createLargeCommand(), "bash");
  collect();
  const after = process.memoryUsage();
  const megabytes = (/** @type {number} */ bytes) => bytes / 1024 / 1024;
  process.stdout.write(
    `${JSON.stringify({
      typical,
      large,
      largeBytes: Buffer.byteLength(createLargeCommand()),
      // Whole-process RSS (a delta from start-up is meaningless: start-up pages are returned).
      rssStartMb: megabytes(before.rss),
      rssLoadMb: megabytes(loaded.rss),
      rssAfterParsesMb: megabytes(after.rss),
      heapLoadMb: megabytes(loaded.heapUsed - before.heapUsed),
      externalLoadMb: megabytes(loaded.external + loaded.arrayBuffers - before.external),
    })}\n`,
  );
}
