// `npm run bench`: every scenario of docs/performance.md, side by side with its baselines in one
// process tree; prints a table and writes bench/results.json. Options: --only a,b,…  --quick.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { suggestName } from "../dist/config/suggest-name.js";
import { installPeerEngine, loadGeminiRunner } from "./lib/gemini-runner.mjs";
import { createWorkspace } from "./lib/workspace.mjs";
import { runColdStart } from "./scenarios/cold-start.mjs";
import { runDenyScript } from "./scenarios/deny-script.mjs";
import { runEightHooks } from "./scenarios/eight-hooks.mjs";
import { runFireAndForget } from "./scenarios/fire-and-forget.mjs";
import { runInterpreterStack } from "./scenarios/interpreter-stack.mjs";
import { runLargeOutput } from "./scenarios/large-output.mjs";
import { runNoMatch } from "./scenarios/no-match.mjs";
import { runNodeHook } from "./scenarios/node-hook.mjs";
import { runPythonSdkGuard } from "./scenarios/python-sdk-guard.mjs";
import { runSpawnTrue } from "./scenarios/spawn-true.mjs";
import { runTimeoutPrecision } from "./scenarios/timeout-precision.mjs";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const onlyIndex = argv.indexOf("--only");
const only = onlyIndex === -1 ? null : new Set(argv[onlyIndex + 1]?.split(","));
const resultsFile = fileURLToPath(new URL("results.json", import.meta.url));

// Samples per figure: 200 where a sample is milliseconds; fewer where each one takes seconds.
const plan = [
  ["a", runSpawnTrue, { samples: quick ? 30 : 200 }],
  ["b", runDenyScript, { samples: quick ? 30 : 200 }],
  ["c", runEightHooks, { samples: quick ? 10 : 200, peerSamples: quick ? 3 : 20 }],
  ["d", runNoMatch, { samples: quick ? 20 : 200 }],
  ["e", runNodeHook, { samples: quick ? 20 : 200, peerSamples: quick ? 5 : 50 }],
  ["f", runFireAndForget, { bursts: quick ? 1 : 3 }],
  ["g", runTimeoutPrecision, { samples: quick ? 5 : 20, peerSamples: quick ? 1 : 3 }],
  ["h", runLargeOutput, { samples: quick ? 1 : 5 }],
  ["i", runColdStart, { samples: quick ? 10 : 50 }],
  // Each round starts 24 interpreters (spawned, Gemini, standby restarts): 2–6 s on 2 cores.
  ["j", runInterpreterStack, { samples: quick ? 3 : 10 }],
  ["k", runPythonSdkGuard, { samples: quick ? 10 : 100 }],
];

const usage = `Usage: node bench/run.mjs [--quick] [--only a,b,…]

Runs the scenarios of docs/performance.md side by side with their baselines, prints a table and
writes bench/results.json (run npm run build first; npm run bench does both).

  --quick        fewer samples, for a quick look
  --only IDS     only these scenarios (${plan.map(([id]) => id).join(", ")})
  --help         this text

Examples:
  npm run bench
  node bench/run.mjs --quick
  node bench/run.mjs --only a,d,e
`;

// Arguments are checked before anything is installed or measured.
function checkArguments() {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(usage);
    process.exit(0);
  }
  const ids = plan.map(([id]) => id);
  const problems = argv.flatMap((argument, index) => {
    if (argument === "--quick" || argument === "--only") return [];
    if (index === onlyIndex + 1 && onlyIndex !== -1) {
      return argument
        .split(",")
        .filter((id) => !ids.includes(id))
        .map(
          (id) => `unknown scenario "${id}"${suggestName(id, ids)} (scenarios: ${ids.join(", ")})`,
        );
    }
    return [
      `unknown option "${argument}"${suggestName(argument, ["--quick", "--only", "--help"])}`,
    ];
  });
  if (onlyIndex !== -1 && argv[onlyIndex + 1] === undefined)
    problems.push("--only needs scenario ids");
  if (problems.length > 0) {
    process.stderr.write(`bench: ${problems.join("; ")}\n\n${usage}`);
    process.exit(2);
  }
}
checkArguments();

function describeMachine() {
  const cpuinfo = (() => {
    try {
      return readFileSync("/proc/cpuinfo", "utf8");
    } catch {
      return "";
    }
  })();
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  let nproc = os.availableParallelism();
  try {
    nproc = Number(execFileSync("nproc", { encoding: "utf8" }).trim());
  } catch {
    // Keep Node's count.
  }
  return {
    nproc,
    node: process.version,
    cpu: model,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

function format(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return "—";
  if (unit === "/s") return `${Math.round(value).toLocaleString("en-US")}`;
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function printScenario(scenario) {
  process.stdout.write(`\n(${scenario.id}) ${scenario.title}\n`);
  if (scenario.skipped !== undefined) process.stdout.write(`  SKIPPED: ${scenario.skipped}\n`);
  for (const figure of scenario.figures) {
    if (figure.error !== undefined) {
      process.stdout.write(`  ${figure.name.padEnd(58)} FAILED: ${figure.error}\n`);
      continue;
    }
    const ratio =
      figure.ratio === undefined ? "" : `  ${figure.ratio.toFixed(2)}× ${figure.ratioAgainst}`;
    const perSecond =
      figure.perSecond === undefined ? "" : `  ${format(figure.perSecond, "/s")} /s`;
    const extra =
      figure.peakGrowthMb === undefined ? "" : `  peak RSS +${format(figure.peakGrowthMb)} MB`;
    const note = figure.note === undefined ? "" : `  (${figure.note})`;
    process.stdout.write(
      `  ${figure.name.padEnd(58)} median ${format(figure.median).padStart(8)} ${figure.unit.padEnd(9)} p99 ${format(figure.p99).padStart(8)}  n=${figure.samples}${ratio}${perSecond}${extra}${note}\n`,
    );
  }
  for (const target of scenario.targets) {
    const verdict = target.met === null ? "n/a " : target.met ? "MET " : "MISS";
    process.stdout.write(
      `  [${verdict}] ${target.text}: measured ${format(target.measured, target.unit)}${target.unit === "/s" ? " /s" : ` ${target.unit}`}\n`,
    );
  }
}

const machine = describeMachine();
process.stdout.write(
  `agent-hooks bench — ${machine.cpu}, nproc ${machine.nproc}, Node ${machine.node}, load ${machine.loadAverage.join(" ")}\n`,
);
const install = installPeerEngine();
const workspace = createWorkspace();
const gemini =
  install.error === undefined ? await loadGeminiRunner(workspace.root) : { error: install.error };
if (gemini.error !== undefined) {
  process.stdout.write(
    `Gemini CLI HookRunner unavailable, peer figures are left out: ${gemini.error}\n`,
  );
} else {
  console.debug = () => {};
}
const startedAt = performance.now();
const scenarios = [];
try {
  for (const [id, run, options] of plan) {
    if (only !== null && !only.has(id)) continue;
    const scenarioStartedAt = performance.now();
    try {
      const scenario = await run({ workspace, gemini, ...options });
      scenario.seconds = (performance.now() - scenarioStartedAt) / 1000;
      scenarios.push(scenario);
      printScenario(scenario);
    } catch (error) {
      const failure = {
        id,
        title: "failed",
        error: error instanceof Error ? error.stack : String(error),
        figures: [],
        targets: [],
      };
      scenarios.push(failure);
      process.stdout.write(`\n(${id}) FAILED: ${failure.error}\n`);
    }
  }
} finally {
  workspace.remove();
}
const seconds = (performance.now() - startedAt) / 1000;
process.stdout.write(`\nTotal ${seconds.toFixed(0)} s\n`);
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        ...machine,
        loadAverageAtEnd: os.loadavg().map((value) => Number(value.toFixed(2))),
      },
      peer:
        gemini.error === undefined
          ? { package: "@google/gemini-cli-core@0.61.0", importMs: gemini.importMs }
          : { package: "@google/gemini-cli-core@0.61.0", error: gemini.error },
      quick,
      seconds,
      scenarios,
    },
    null,
    2,
  )}\n`,
);
process.stdout.write(`Wrote ${resultsFile}\n`);
