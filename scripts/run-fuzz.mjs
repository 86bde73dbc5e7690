// `npm run fuzz` (after `npm run build`): runs every *.fuzz.test.ts property with many more cases
// than `npm test`, then times loading and dispatch against catastrophic matchers, and prints a
// summary. Options: --runs N (AGENT_HOOKS_FUZZ_RUNS, default 1000: ten times the `npm test`
// size), --seed S (AGENT_HOOKS_FUZZ_SEED, to replay a failure), --only <substring of a file>.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const option = (name) => {
  const index = argv.indexOf(name);
  return index === -1 ? undefined : argv[index + 1];
};
const runs = option("--runs") ?? process.env.AGENT_HOOKS_FUZZ_RUNS ?? "1000";
const seed = option("--seed") ?? process.env.AGENT_HOOKS_FUZZ_SEED;
const only = option("--only");

/** Every *.fuzz.test.ts under src/, sorted. */
function findFuzzFiles(directory) {
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...findFuzzFiles(full));
    else if (entry.name.endsWith(".fuzz.test.ts")) found.push(path.relative(root, full));
  }
  return found.sort();
}

/** Runs vitest on the fuzz files with the scaled case counts; resolves with its JSON report. */
function runVitest(files, reportFile) {
  const environment = { ...process.env, AGENT_HOOKS_FUZZ_RUNS: String(runs) };
  if (seed !== undefined) environment.AGENT_HOOKS_FUZZ_SEED = String(seed);
  const args = [
    "vitest",
    "run",
    ...files,
    "--testTimeout=3600000",
    "--hookTimeout=600000",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
  ];
  return new Promise((resolve) => {
    const child = spawn("npx", args, { cwd: root, env: environment, stdio: "inherit" });
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
}

function median(values) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Load and dispatch timings with catastrophic matchers beside one valid hook, per profile. */
async function measureBoundedness() {
  const { createHookEngine } = await import(path.join(root, "dist/index.js"));
  const { compileMatcher } = await import(path.join(root, "dist/match/compile-matcher.js"));
  const catastrophic = [
    "(a+)+$",
    "(a|aa)+$",
    "(.*a){20}",
    "([a-z]+)*$",
    "(a*)*b",
    "(\\w+\\s?)+$",
    "^(a|a?)+$",
    "(x+x+)+y",
  ];
  const directory = mkdtempSync(path.join(os.tmpdir(), "agent-hooks-fuzz-timing-"));
  const toolName = `${"a".repeat(10_000)}!`;
  const figures = [];
  try {
    // The check itself: every catastrophic pattern refused, and how long a refusal takes.
    const checkTimes = [];
    for (let round = 0; round < 50; round += 1) {
      for (const pattern of catastrophic) {
        const started = performance.now();
        const compiled = compileMatcher(pattern, "regex");
        checkTimes.push(performance.now() - started);
        if (compiled.ok) throw new Error(`catastrophic matcher ${pattern} was accepted`);
      }
    }
    figures.push([
      "refusing one catastrophic matcher (median)",
      `${median(checkTimes).toFixed(3)} ms`,
    ]);
    for (const profile of ["deepagents", "zerocode", "vscode", "claude"]) {
      const groups = catastrophic.flatMap((matcher) =>
        Array.from({ length: 25 }, () => ({
          matcher,
          hooks: [{ type: "command", command: "true refused" }],
        })),
      );
      groups.push({ matcher: ".*", hooks: [{ type: "command", command: "true kept" }] });
      const file = path.join(directory, `${profile}.json`);
      writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: groups } }));
      const home = path.join(directory, `${profile}-home`);
      mkdirSync(home, { recursive: true });
      const loadTimes = [];
      const dispatchTimes = [];
      let refused = 0;
      let ran = [];
      for (let round = 0; round < 5; round += 1) {
        const loadStarted = performance.now();
        const engine = await createHookEngine({
          profile,
          home,
          cwd: directory,
          configFiles: [file],
          bypassHookTrust: true,
        });
        loadTimes.push(performance.now() - loadStarted);
        refused = engine.diagnostics.filter(
          (diagnostic) => diagnostic.code === "matcher_unsafe",
        ).length;
        const dispatchStarted = performance.now();
        const result = await engine.dispatch("PreToolUse", { tool_name: toolName, tool_input: {} });
        dispatchTimes.push(performance.now() - dispatchStarted);
        ran = result.runs.map((run) => `${run.command}: ${run.status}`);
        await engine.close();
      }
      figures.push([
        `${profile}: load ${groups.length} groups (${refused} refused as matcher_unsafe)`,
        `${median(loadTimes).toFixed(1)} ms`,
      ]);
      figures.push([
        `${profile}: dispatch against a ${toolName.length}-character tool name (${ran.join(", ")})`,
        `${median(dispatchTimes).toFixed(1)} ms`,
      ]);
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return figures;
}

/** Per-test durations and counts from vitest's JSON report. */
function summarizeReport(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, "utf8"));
  const rows = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      rows.push({
        file: path.relative(root, file.name),
        name: test.fullName,
        status: test.status,
        ms: test.duration ?? 0,
      });
    }
  }
  return { rows, passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}

const files = findFuzzFiles(path.join(root, "src")).filter(
  (file) => only === undefined || file.includes(only),
);
if (files.length === 0) {
  console.error("No *.fuzz.test.ts files found");
  process.exitCode = 1;
} else {
  const reportDirectory = mkdtempSync(path.join(os.tmpdir(), "agent-hooks-fuzz-report-"));
  const reportFile = path.join(reportDirectory, "report.json");
  console.log(
    `Fuzzing with AGENT_HOOKS_FUZZ_RUNS=${runs}${seed === undefined ? "" : `, seed ${seed}`}: ${files.join(", ")}`,
  );
  const started = performance.now();
  const outcome = await runVitest(files, reportFile);
  const elapsed = (performance.now() - started) / 1000;
  let summary = { rows: [], passed: 0, failed: 0 };
  try {
    summary = summarizeReport(reportFile);
  } catch (error) {
    console.error(`No vitest report: ${String(error)}`);
  }
  rmSync(reportDirectory, { recursive: true, force: true });
  const figures = await measureBoundedness();

  console.log("\nFuzz summary");
  console.log(
    `  machine: ${os.cpus().length} cores, Node ${process.version}, ${os.platform()} ${os.release()}`,
  );
  console.log(`  case scale: AGENT_HOOKS_FUZZ_RUNS=${runs} (npm test runs 100)`);
  console.log(
    `  properties: ${summary.passed} passed, ${summary.failed} failed, in ${elapsed.toFixed(1)} s`,
  );
  const byFile = new Map();
  for (const row of summary.rows) {
    const entry = byFile.get(row.file) ?? { count: 0, ms: 0, failed: 0 };
    entry.count += 1;
    entry.ms += row.ms;
    if (row.status !== "passed") entry.failed += 1;
    byFile.set(row.file, entry);
  }
  for (const [file, entry] of byFile) {
    console.log(
      `  ${file}: ${entry.count} properties, ${entry.failed} failed, ${(entry.ms / 1000).toFixed(1)} s`,
    );
  }
  console.log("\nBoundedness (timings, not asserted)");
  for (const [label, value] of figures) console.log(`  ${label}: ${value}`);
  if (outcome.code !== 0 || summary.failed > 0) process.exitCode = 1;
}
