// Scenario h: a hook that prints 1 GiB to stdout: time to return and the engine's peak RSS
// growth, each sample in a fresh process (bench/child/large-output.mjs).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { summarize } from "../lib/statistics.mjs";

const child = fileURLToPath(new URL("../child/large-output.mjs", import.meta.url));

function runChild(mode, root) {
  return new Promise((resolve) => {
    const process_ = spawn(process.execPath, [child, mode, root], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    process_.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    process_.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    process_.on("close", (code, signal) => {
      const line = stdout.trim().split("\n").at(-1) ?? "";
      try {
        resolve(JSON.parse(line));
      } catch {
        const lines = stderr.trim().split("\n");
        const cause = lines.find((line) => /Error/.test(line)) ?? lines.at(-1) ?? "";
        resolve({ mode, error: `the process exited with ${code ?? signal}: ${cause.trim()}` });
      }
    });
  });
}

/** The time (ms) and peak RSS growth (MB) figures of a list of child runs. */
function describeRunFigures(runs, timeName, growthName) {
  return [
    { name: timeName, unit: "ms", ...summarize(runs.map((run) => run.durationMs)) },
    { name: growthName, unit: "MB", ...summarize(runs.map((run) => run.peakGrowthMb)) },
  ];
}

export async function runLargeOutput({ workspace, gemini, samples }) {
  const engineRuns = [];
  const rawRuns = [];
  for (let round = 0; round < samples; round += 1) {
    engineRuns.push(await runChild("engine", workspace.root));
    rawRuns.push(await runChild("raw", workspace.root));
  }
  const failed = engineRuns.find((run) => run.error !== undefined || run.status === undefined);
  if (failed !== undefined) throw new Error(`scenario h: ${JSON.stringify(failed)}`);
  const figures = [
    ...describeRunFigures(engineRuns, "engine: time to return", "engine: peak RSS growth"),
    ...describeRunFigures(
      rawRuns,
      "raw spawn draining 1 GiB: time",
      "raw spawn draining 1 GiB: peak RSS growth",
    ),
  ];
  const peer = gemini.runner === undefined ? null : await runChild("gemini", workspace.root);
  if (peer !== null) {
    figures.push(
      peer.error !== undefined && peer.durationMs === undefined
        ? { name: "Gemini runner: 1 GiB of stdout", error: peer.error }
        : {
            name: "Gemini runner: time to return / peak RSS growth",
            unit: "ms / MB",
            samples: 1,
            median: peer.durationMs,
            p99: peer.durationMs,
            peakGrowthMb: peer.peakGrowthMb,
            note: peer.error ?? (peer.success === false ? "run failed" : "ok"),
          },
    );
  }
  const growth = Math.max(...engineRuns.map((run) => run.peakGrowthMb));
  const allTruncated = engineRuns.every((run) => run.truncated);
  return {
    id: "h",
    title: `a hook printing 1 GiB to stdout (${samples} fresh processes each)`,
    figures,
    targets: [
      {
        id: "h-rss",
        text: "(h) peak RSS growth under 64 MB (worst sample)",
        measured: growth,
        unit: "MB",
        limit: 64,
        met: growth < 64,
      },
      {
        id: "h-truncated",
        text: "(h) the run is marked truncated",
        measured: allTruncated ? 1 : 0,
        unit: "",
        limit: 1,
        met: allTruncated,
      },
    ],
  };
}
