// Scenario f: fire-and-forget. The caller's cost of each dispatch (the synchronous part of the
// call, not awaited) and the event-loop lag while a burst of 1,000 events runs. Measured in a
// fresh host process (the target), and again in the bench process, whose heap also holds the
// Gemini CLI package, for reference: its larger heap makes garbage collection pauses longer.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { burst, measureFireAndForget } from "../lib/measure-fire-and-forget.mjs";

const child = fileURLToPath(new URL("../child/fire-and-forget.mjs", import.meta.url));

function runChild(bursts) {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [child, String(bursts)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    process_.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    process_.on("error", reject);
    process_.on("close", (code) => {
      try {
        resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
      } catch {
        reject(new Error(`scenario f: the host process exited with ${code}`));
      }
    });
  });
}

function describe(measured, where) {
  const figures = [];
  for (const row of measured.rows) {
    figures.push(
      { name: `${where}: caller cost per dispatch, ${row.label}`, unit: "µs", ...row.cost },
      { name: `${where}: event-loop lag during the burst, ${row.label}`, unit: "ms", ...row.lag },
      { name: `${where}: whole burst of ${burst} settled, ${row.label}`, unit: "ms", ...row.total },
    );
  }
  figures.push({
    name: `${where}: event-loop lag, idle loop (1 s, the floor)`,
    unit: "ms",
    ...measured.idle,
  });
  return figures;
}

export async function runFireAndForget({ workspace, bursts }) {
  const fresh = await runChild(bursts);
  const inBench = await measureFireAndForget(workspace, bursts);
  const worstCost = Math.max(...fresh.rows.map((row) => row.cost.median));
  return {
    id: "f",
    title: `fire-and-forget: bursts of ${burst} PostToolUse events (${bursts} bursts each)`,
    figures: [
      ...describe(fresh, "fresh host"),
      ...describe(inBench, `bench process (heap ${Math.round(inBench.heapMb)} MB)`),
    ],
    targets: [
      {
        id: "f-cost",
        text: "(f) caller cost under 20 µs per event (median, fresh host)",
        measured: worstCost,
        unit: "µs",
        limit: 20,
        met: worstCost < 20,
      },
      ...fresh.rows.map((row) => ({
        id: `f-lag-${row.label.startsWith("persistent") ? "persistent" : "spawned"}`,
        text: `(f) event-loop lag p99 under 5 ms, ${row.label} (fresh host)`,
        measured: row.lag.p99,
        unit: "ms",
        limit: 5,
        met: row.lag.p99 < 5,
      })),
    ],
  };
}
