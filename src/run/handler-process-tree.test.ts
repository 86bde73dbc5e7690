import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { findMarkedProcesses } from "../../test/support/find-marked-processes.js";
import { isProcessAlive } from "../../test/support/is-process-alive.js";
import {
  createHandlerProcessTree,
  createRunMarker,
  runMarkerVariable,
} from "./handler-process-tree.js";

const started: ChildProcess[] = [];
const markers: string[] = [];

afterAll(() => {
  for (const marker of markers) for (const pid of findMarked(marker)) killQuietly(pid);
  for (const child of started) if (child.pid !== undefined) killQuietly(child.pid);
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

/** Live processes whose environment carries the run marker (this process excluded). */
const findMarked = (marker: string): number[] => findMarkedProcesses(runMarkerVariable, marker);

function readProcessGroup(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return null;
  }
}

// A bound, not a timing assertion: on a loaded 2-core machine starting three processes took over 5 s.
async function waitUntil(condition: () => boolean, withinMs = 60_000): Promise<boolean> {
  const deadline = performance.now() + withinMs;
  while (!condition() && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}

/** Starts `script` with `sh -c` in its own group, marked like a handler run. */
function startMarked(script: string, marker: string): ChildProcess {
  const child = spawn("/bin/sh", ["-c", script], {
    detached: true,
    stdio: "ignore",
    env: { ...process.env, [runMarkerVariable]: marker },
  });
  started.push(child);
  return child;
}

describe.skipIf(process.platform !== "linux")("createHandlerProcessTree", () => {
  it("finds and kills a double-forked process in a new session, but not an unmarked one", async () => {
    const marker = createRunMarker();
    markers.push(marker);
    const leader = startMarked("setsid sh -c 'sleep 300 &' ; sleep 300", marker);
    const bystander = spawn("sleep", ["300"], { stdio: "ignore" });
    started.push(bystander);
    // The leader and its sleep, plus the reparented sleep.
    expect(await waitUntil(() => findMarked(marker).length >= 3)).toBe(true);
    let exited = false;
    leader.on("exit", () => {
      exited = true;
    });
    const tree = createHandlerProcessTree(leader.pid ?? 0, marker, { leaderExited: () => exited });
    expect(tree.isAlive()).toBe(true);
    tree.signal("SIGKILL");
    expect(await waitUntil(() => findMarked(marker).length === 0)).toBe(true);
    expect(await waitUntil(() => !tree.isAlive())).toBe(true);
    expect(isProcessAlive(bystander.pid ?? 0)).toBe(true);
  });

  it("finds a descendant that cleared its environment through its parent while the leader lives", async () => {
    const marker = createRunMarker();
    markers.push(marker);
    const leader = startMarked(
      "env -i setsid /bin/sleep 300 & echo $! > /dev/null; sleep 300",
      marker,
    );
    const findUnmarkedChild = () => {
      for (const name of readdirSync("/proc")) {
        try {
          const stat = readFileSync(`/proc/${name}/stat`, "latin1");
          const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
          const environment = readFileSync(`/proc/${name}/environ`, "latin1");
          if (Number(fields[1]) === leader.pid && !environment.includes(marker))
            return Number(name);
        } catch {
          // Not a process, or gone.
        }
      }
      return null;
    };
    expect(await waitUntil(() => findUnmarkedChild() !== null)).toBe(true);
    const unmarked = findUnmarkedChild() ?? 0;
    started.push({ pid: unmarked } as ChildProcess);
    const tree = createHandlerProcessTree(leader.pid ?? 0, marker, { leaderExited: () => false });
    tree.signal("SIGTERM");
    expect(await waitUntil(() => !isProcessAlive(unmarked))).toBe(true);
    expect(await waitUntil(() => !tree.isAlive())).toBe(true);
  });

  it("signals only by group and marker once the leader has exited (its pid may be reused)", async () => {
    const marker = createRunMarker();
    markers.push(marker);
    const leader = startMarked("setsid sleep 300 & exit 0", marker);
    await new Promise<void>((resolve) => leader.on("exit", () => resolve()));
    // Until setsid has run, the escaping child is still in the leader's group.
    const escaped = () => findMarked(marker).some((pid) => readProcessGroup(pid) !== leader.pid);
    expect(await waitUntil(() => findMarked(marker).length === 1 && escaped())).toBe(true);
    const tree = createHandlerProcessTree(leader.pid ?? 0, marker, { leaderExited: () => true });
    expect(tree.isAlive()).toBe(false);
    tree.signal("SIGTERM");
    expect(await waitUntil(() => findMarked(marker).length === 0)).toBe(true);
  });
});
