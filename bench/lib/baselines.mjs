// The baselines every engine figure is compared with, run in the same process as the engine.
import { spawn } from "node:child_process";

/**
 * Spawns `file args` with piped stdio, writes `input`, drains both outputs and resolves on
 * `close` with the exit code: the least any engine must do to run a hook and read its output.
 */
export function spawnRaw(file, args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: "pipe" });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.resume();
    child.stdin.on("error", () => {});
    child.stdin.end(input);
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ exitCode, stdout }));
  });
}

/** Spawns and drains without keeping anything, for outputs too large to keep. */
export function spawnDiscarding(file, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
    let bytes = 0;
    child.stdout.on("data", (chunk) => {
      bytes += chunk.length;
    });
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", (exitCode) => resolve({ exitCode, bytes }));
  });
}
