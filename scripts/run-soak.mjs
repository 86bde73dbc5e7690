// The soak run (`npm run soak`): one engine, many dispatches across every event of the
// deepagents profile, with good, failing, crashing, slow and timing-out hooks, up to 16 in
// flight. Checks that every dispatch returns one well-formed result and that memory, open file
// descriptors and child processes return to their starting levels. Prints a table; exits 1 on a
// violation.
//
//   node scripts/run-soak.mjs [dispatches]       (default 10000, or $SOAK_DISPATCHES)
//   SOAK_IN_FLIGHT=16 SOAK_JSON=1 node scripts/run-soak.mjs 2000

import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// Processes, descriptors and environments are read from /proc.
if (process.platform !== "linux") {
  console.error("run-soak: needs Linux (/proc); nothing was run");
  process.exit(2);
}

// Heap figures need a forced collection: run again with --expose-gc when it is missing.
if (typeof globalThis.gc !== "function") {
  const again = spawnSync(
    process.execPath,
    ["--expose-gc", fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  process.exit(again.status ?? 1);
}

const { createHookEngine } = await import("../dist/index.js");

const dispatchCount = readCount(process.argv[2] ?? process.env.SOAK_DISPATCHES, 10_000);
const inFlightLimit = readCount(process.env.SOAK_IN_FLIGHT, 16);
const warmUpCount = Math.min(500, Math.max(16, Math.floor(dispatchCount / 20)));
const hook = fileURLToPath(new URL("../test/fixtures/soak/soak-hook.sh", import.meta.url));
const markerVariable = "AGENT_HOOKS_SOAK_MARKER";
const marker = randomUUID();
/** A dispatch that has not returned after this long is reported as hung. */
const hangLimitMs = 30_000;

/** Each event's match field and a value for it (deepagents). */
const events = {
  SessionStart: { field: "source", value: "startup" },
  SessionEnd: { field: "reason", value: "other" },
  PermissionRequest: { field: "tool_name", value: "Bash" },
  Notification: { field: "notification_type", value: "idle_prompt" },
  PreToolUse: { field: "tool_name", value: "Bash" },
  PostToolUse: { field: "tool_name", value: "Bash" },
  Stop: { field: null, value: null },
  SubagentStart: { field: "agent_type", value: "general-purpose" },
  SubagentStop: { field: "agent_type", value: "general-purpose" },
  // Not configurable in deepagents: dispatched, with no hook to run.
  UserPromptSubmit: { field: null, value: null },
};
const configured = Object.keys(events).filter((event) => event !== "UserPromptSubmit");

/** Modes of the soak hook and how often each is picked (out of 100). */
const modes = [
  ["good", 40],
  ["exit1", 10],
  ["exit2", 10],
  ["crash", 8],
  ["slow", 17],
  ["timeout", 5],
  ["stubborn", 3],
  ["leftover", 7],
];

const root = mkdtempSync(join(tmpdir(), "agent-hooks-soak-"));
const home = join(root, "home");
mkdirSync(join(home, ".deepagents"), { recursive: true });
const hooks = Object.fromEntries(
  configured.map((event) => [
    event,
    [
      {
        hooks: [
          { type: "command", command: [hook], timeout: 1 },
          { type: "command", command: "true", timeout: 1 },
        ],
      },
    ],
  ]),
);
writeFileSync(join(home, ".deepagents", "hooks.json"), JSON.stringify({ hooks }));

const violations = [];
const counts = { returned: 0, rejected: 0, malformed: 0, hung: 0 };
const statusCounts = new Map();

const engine = await createHookEngine({
  profile: "deepagents",
  cwd: root,
  home,
  sessionId: "soak",
  env: { ...process.env, [markerVariable]: marker },
});
if (engine.diagnostics.length > 0) {
  violations.push(`engine diagnostics: ${JSON.stringify(engine.diagnostics)}`);
}

const startedAt = performance.now();
let elapsedMs;
let lastProgressAt = performance.now();
// A dispatch that never returns would stall the run forever: report and stop instead.
const watchdog = setInterval(() => {
  if (performance.now() - lastProgressAt < 2 * hangLimitMs) return;
  violations.push(`no dispatch returned for ${(2 * hangLimitMs) / 1000} s`);
  printReport();
  process.exit(1);
}, 1_000);
watchdog.unref();
await runDispatches(0, warmUpCount);
const baseline = await sample("start (after warm-up)", warmUpCount);
const samples = [baseline];
const checkpoints = [0.1, 0.5, 1].map((share) =>
  Math.max(warmUpCount, Math.round(dispatchCount * share)),
);
let done = warmUpCount;
for (const [index, checkpoint] of checkpoints.entries()) {
  await runDispatches(done, checkpoint);
  done = checkpoint;
  samples.push(await sample(`${[10, 50, 100][index]}%`, done));
}
elapsedMs = performance.now() - startedAt;
clearInterval(watchdog);
await engine.close();
const afterClose = await sample("after close()", done);
samples.push(afterClose);

checkSamples();
printReport();
rmSync(root, { recursive: true, force: true });
process.exitCode = violations.length === 0 ? 0 : 1;

/** Runs dispatches number `from` to `to` (exclusive), at most `inFlightLimit` at once. */
async function runDispatches(from, to) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const number = next;
      next += 1;
      await runOne(number);
    }
  };
  await Promise.all(Array.from({ length: inFlightLimit }, worker));
}

/** One dispatch with a mode picked from the dispatch number, checked when it returns. */
async function runOne(number) {
  const eventNames = Object.keys(events);
  const event = eventNames[number % eventNames.length];
  const mode = pickMode(number);
  const sleep = (0.1 + ((number * 7) % 5) / 10).toFixed(1);
  const { field, value } = events[event];
  const payload = { soak_mode: mode, soak_sleep: sleep, soak_number: number };
  if (field !== null) payload[field] = value;
  if (field === "tool_name") payload.tool_input = { command: `echo ${number}` };
  let settledTimes = 0;
  const hang = setTimeout(() => {
    counts.hung += 1;
    violations.push(
      `dispatch ${number} (${event}, ${mode}) has not returned after ${hangLimitMs} ms`,
    );
  }, hangLimitMs);
  try {
    const result = await engine.dispatch(event, payload);
    lastProgressAt = performance.now();
    settledTimes += 1;
    counts.returned += 1;
    const problem = checkResult(result, event, mode);
    if (problem !== null) {
      counts.malformed += 1;
      if (counts.malformed <= 20)
        violations.push(`dispatch ${number} (${event}, ${mode}): ${problem}`);
    }
  } catch (error) {
    settledTimes += 1;
    counts.rejected += 1;
    violations.push(`dispatch ${number} (${event}, ${mode}) rejected: ${String(error)}`);
  } finally {
    clearTimeout(hang);
  }
  if (settledTimes !== 1) violations.push(`dispatch ${number} settled ${settledTimes} times`);
}

function pickMode(number) {
  // A fixed spread: the same run every time for the same count.
  let slot = (number * 37) % 100;
  for (const [mode, weight] of modes) {
    if (slot < weight) return mode;
    slot -= weight;
  }
  return "good";
}

/** Why a result is not what this mode must give, or null when it is. */
function checkResult(result, event, mode) {
  if (typeof result !== "object" || result === null) return "not an object";
  if (result.event !== event) return `event ${result.event}`;
  for (const key of ["runs", "diagnostics", "systemMessages", "additionalContext"]) {
    if (!Array.isArray(result[key])) return `${key} is not a list`;
  }
  if (typeof result.continue !== "boolean") return "continue is not a boolean";
  const expectedRuns = event === "UserPromptSubmit" ? 0 : 2;
  if (result.runs.length !== expectedRuns) return `${result.runs.length} runs`;
  if (expectedRuns === 0) return null;
  const [soak, plain] = result.runs;
  count(`${mode} → ${soak.status}`);
  if (plain.status !== "ok" || plain.exitCode !== 0) return `the plain hook ended ${plain.status}`;
  if (soak.exitCode !== null && soak.signal !== null) return "both exitCode and signal";
  const expected = {
    good: () => soak.status === "ok" && soak.exitCode === 0,
    slow: () => soak.status === "ok" && soak.exitCode === 0,
    leftover: () => soak.status === "ok" && soak.exitCode === 0,
    exit1: () => soak.status === "error" && soak.exitCode === 1,
    exit2: () => soak.exitCode === 2 && soak.status !== "ok",
    crash: () => soak.status === "error" && soak.exitCode === null && soak.signal === "SIGABRT",
    timeout: () => soak.status === "timeout" && soak.exitCode === null,
    stubborn: () => soak.status === "timeout" && soak.signal === "SIGKILL",
  }[mode];
  return expected() ? null : `the soak hook ended ${JSON.stringify(soak)}`;
}

function growthPerDispatch(from, to, field) {
  return (to[field] - from[field]) / Math.max(1, to.dispatched - from.dispatched);
}

function count(key) {
  statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
}

/** Waits for the hooks' processes to end, collects garbage, and measures. */
async function sample(label, dispatched) {
  const deadline = performance.now() + 5_000;
  while (performance.now() < deadline && (findChildren().length > 0 || findMarked().length > 0)) {
    await delay(50);
  }
  for (let round = 0; round < 3; round += 1) {
    globalThis.gc();
    await delay(20);
  }
  const children = findChildren();
  const memory = process.memoryUsage();
  return {
    label,
    dispatched,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    rss: memory.rss,
    fds: countFileDescriptors(),
    children: children.length,
    zombies: children.filter((child) => child.state === "Z").length,
    marked: findMarked().length,
    handles: process.getActiveResourcesInfo().length,
  };
}

function checkSamples() {
  const end = samples.at(-2);
  const tenth = samples[1];
  if (counts.returned + counts.rejected !== dispatchCount) {
    violations.push(`${counts.returned + counts.rejected} of ${dispatchCount} dispatches settled`);
  }
  const half = samples[2];
  // Garbage collection leaves some noise: allow 4 MB of heap over the start. RSS is the
  // allocator's high-water mark (freed memory is kept for reuse): allow 64 MB over the start,
  // and check that it stops growing.
  if (end.heapUsed > baseline.heapUsed + 4 * 2 ** 20) {
    violations.push(`heap grew from ${mb(baseline.heapUsed)} to ${mb(end.heapUsed)}`);
  }
  if (end.rss > baseline.rss + 64 * 2 ** 20) {
    violations.push(`RSS grew from ${mb(baseline.rss)} to ${mb(end.rss)}`);
  }
  // Per-dispatch growth is only measurable over a long run.
  if (dispatchCount >= 2_000) {
    const heapSlope = growthPerDispatch(tenth, end, "heapUsed");
    if (heapSlope > 256) {
      violations.push(`heap grows ${heapSlope.toFixed(0)} bytes per dispatch from 10% to 100%`);
    }
    const rssSlope = growthPerDispatch(half, end, "rss");
    if (rssSlope > 2_048) {
      violations.push(`RSS grows ${rssSlope.toFixed(0)} bytes per dispatch from 50% to 100%`);
    }
  }
  for (const current of samples.slice(1)) {
    if (current.fds > baseline.fds) {
      violations.push(
        `${current.fds} open file descriptors at ${current.label}, ${baseline.fds} at start`,
      );
    }
    if (current.children > 0 || current.zombies > 0) {
      violations.push(
        `${current.children} child processes (${current.zombies} zombies) at ${current.label}`,
      );
    }
    if (current.marked > 0) {
      violations.push(`${current.marked} hook processes still alive at ${current.label}`);
    }
  }
}

function printReport() {
  const report = {
    dispatches: dispatchCount,
    inFlight: inFlightLimit,
    warmUp: warmUpCount,
    seconds: Number(((elapsedMs ?? performance.now() - startedAt) / 1000).toFixed(1)),
    counts,
    outcomes: Object.fromEntries([...statusCounts].sort()),
    samples,
    violations,
  };
  if (process.env.SOAK_JSON === "1") {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(
    `soak: ${dispatchCount} dispatches (${warmUpCount} warm-up), up to ${inFlightLimit} in flight, ${report.seconds} s`,
  );
  console.log(
    `returned ${counts.returned}, rejected ${counts.rejected}, malformed ${counts.malformed}, hung ${counts.hung}`,
  );
  console.log("");
  const rows = [
    [
      "Sample",
      "Dispatched",
      "heapUsed",
      "heapTotal",
      "external",
      "RSS",
      "Open fds",
      "Children",
      "Zombies",
      "Hook processes",
      "Handles",
    ],
    ...samples.map((row) => [
      row.label,
      String(row.dispatched),
      mb(row.heapUsed),
      mb(row.heapTotal),
      mb(row.external),
      mb(row.rss),
      String(row.fds),
      String(row.children),
      String(row.zombies),
      String(row.marked),
      String(row.handles),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const [index, row] of rows.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`);
    if (index === 0) console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  }
  console.log("");
  console.log("Soak hook outcomes (mode → status):");
  for (const [key, value] of Object.entries(report.outcomes)) console.log(`  ${key}: ${value}`);
  console.log("");
  if (violations.length === 0) console.log("OK: no violation");
  else for (const violation of violations) console.log(`VIOLATION: ${violation}`);
}

/** Direct children of this process, with their state. */
function findChildren() {
  return readProcesses().filter((entry) => entry.parentPid === process.pid);
}

/** Live processes whose environment carries this run's marker. */
function findMarked() {
  const needle = Buffer.from(`${markerVariable}=${marker}\u0000`);
  return readProcesses().filter((entry) => {
    if (entry.state === "Z" || entry.pid === process.pid) return false;
    try {
      return readFileSync(`/proc/${entry.pid}/environ`).includes(needle);
    } catch {
      return false;
    }
  });
}

function readProcesses() {
  const entries = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      entries.push({ pid: Number(name), state: fields[0], parentPid: Number(fields[1]) });
    } catch {
      // Gone while we looked.
    }
  }
  return entries;
}

function countFileDescriptors() {
  return readdirSync("/proc/self/fd").length;
}

function readCount(text, fallback) {
  const value = Number.parseInt(text ?? "", 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function mb(bytes) {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
