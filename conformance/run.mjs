// `npm run conformance:agents`: installs the pinned agents, runs each agent's suite
// (conformance/<agent>/suite.mjs) against the real agent and agent-hooks, prints a table, and exits 1
// on any result that is not `same` unless the docs list it as a difference.
// Flags: --agent claude|gemini|codex (repeatable), --scenario <substring>, --verbose.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describeScenarioError } from "./describe-scenario-error.mjs";
import { readDocumentedDifferences } from "./documented-differences.mjs";
import { installAgents } from "./install-agents.mjs";

const knownAgents = ["claude", "gemini", "codex"];
const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
const usage =
  "usage: node conformance/run.mjs [--agent claude|gemini|codex]… [--scenario <substring>] [--verbose]";

/**
 * Reads the command-line flags.
 * @param {string[]} argv
 */
function parseArguments(argv) {
  /** @type {string[]} */
  const agents = [];
  /** @type {string[]} */
  const scenarios = [];
  let verbose = false;
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    if (flag === "--verbose") verbose = true;
    else if (flag === "--agent" || flag === "--scenario") {
      const value = argv[index + 1];
      if (value === undefined) throw new Error(`${flag} needs a value\n${usage}`);
      index += 1;
      if (flag === "--agent") {
        if (!knownAgents.includes(value)) throw new Error(`unknown agent ${value}\n${usage}`);
        agents.push(value);
      } else scenarios.push(value);
    } else if (flag === "--help" || flag === "-h") {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    } else throw new Error(`unknown flag ${flag}\n${usage}`);
  }
  return { agents: agents.length > 0 ? agents : knownAgents, scenarios, verbose };
}

/**
 * Pads or cuts a cell to a width.
 * @param {string} text
 * @param {number} width
 */
function formatCell(text, width) {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  }
  const log = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);
  const agentHooksBin = path.join(repositoryRoot, "bin", "agent-hooks.js");
  if (!existsSync(path.join(repositoryRoot, "dist", "cli", "main.js"))) {
    log("dist/ is missing: run `npm run build` first (npm run conformance:agents does)");
    process.exit(1);
  }
  const started = Date.now();
  const { binDirectory, versions } = await installAgents({ log });
  log(
    `agents: ${Object.entries(versions)
      .map(([agent, version]) => `${agent} ${version}`)
      .join(", ")} (${binDirectory})`,
  );
  const documented = readDocumentedDifferences(repositoryRoot);
  const filter = (/** @type {string} */ id) =>
    options.scenarios.length === 0 || options.scenarios.some((part) => id.includes(part));
  /** @type {Array<{ id: string, title: string, verdict: string, detail: string, ms: number, documented: boolean }>} */
  const rows = [];
  for (const agent of options.agents) {
    const suitePath = path.join(repositoryRoot, "conformance", agent, "suite.mjs");
    if (!existsSync(suitePath)) {
      log(`${agent}: no conformance/${agent}/suite.mjs yet, skipped`);
      continue;
    }
    const suite = await import(pathToFileURL(suitePath).href);
    const suiteStarted = Date.now();
    /** @type {Array<any>} */
    let results;
    try {
      results = await suite.runSuite({
        binDirectory,
        repositoryRoot,
        agentHooksBin,
        filter,
        log,
        verbose: options.verbose,
      });
    } catch (error) {
      results = [
        describeScenarioError(
          `${agent}/suite`,
          "the suite itself",
          error,
          Date.now() - suiteStarted,
        ),
      ];
    }
    const seconds = ((Date.now() - suiteStarted) / 1000).toFixed(1);
    const perScenario =
      results.length > 0 ? ((Date.now() - suiteStarted) / results.length / 1000).toFixed(1) : "0";
    log(`${agent}: ${results.length} scenarios in ${seconds} s (${perScenario} s each)`);
    for (const result of results) {
      rows.push({ ...result, documented: documented.has(result.id) });
    }
  }
  const idWidth = Math.max(8, ...rows.map((row) => row.id.length));
  const lines = [`${formatCell("scenario", idWidth)}  ${formatCell("verdict", 22)}  ms`];
  for (const row of rows) {
    const verdict =
      row.verdict === "same"
        ? "same"
        : row.documented
          ? `${row.verdict} (documented)`
          : row.verdict;
    lines.push(`${formatCell(row.id, idWidth)}  ${formatCell(verdict, 22)}  ${Math.round(row.ms)}`);
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  const failing = rows.filter((row) => row.verdict !== "same" && !row.documented);
  for (const row of options.verbose ? rows : failing) {
    process.stdout.write(
      `\n${row.id} ${row.verdict}: ${row.title}\n  ${row.detail.split("\n").join("\n  ")}\n`,
    );
  }
  const stale = [...documented.entries()].filter(
    ([id, entry]) =>
      options.agents.includes(entry.agent) &&
      filter(id) &&
      rows.some((row) => row.id === id && row.verdict === "same"),
  );
  for (const [id, entry] of stale) {
    log(`note: ${id} is listed in ${entry.file} as a difference but now behaves the same`);
  }
  const total = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `\n${rows.length} scenarios, ${rows.filter((row) => row.verdict === "same").length} same, ${rows.filter((row) => row.verdict !== "same" && row.documented).length} documented differences, ${failing.length} failing (${total} s)\n`,
  );
  process.exit(failing.length > 0 ? 1 : 0);
}

await main();
