// Scenario h, in a fresh process so its peak RSS is its own: one hook prints 1 GiB to stdout.
// Usage: node large-output.mjs engine|raw|gemini <workspace>; prints one JSON line.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const [mode, root] = process.argv.slice(2);
const bytes = 1024 * 1024 * 1024;
const command = `head -c ${bytes} /dev/zero`;
const megabytes = (kilobytes) => kilobytes / 1024;

async function run() {
  if (mode === "engine") {
    const { createHookEngine } = await import("../../dist/index.js");
    const configFile = join(root, "large-output.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] },
      }),
    );
    const engine = await createHookEngine({
      profile: "deepagents",
      cwd: root,
      home: root,
      configFiles: [configFile],
    });
    const payload = { tool_name: "Bash", tool_input: { command: "ls" } };
    return async () => {
      const result = await engine.dispatch("PreToolUse", payload);
      await engine.close();
      const truncated = result.diagnostics.some(
        (diagnostic) => diagnostic.code === "output_truncated",
      );
      return { status: result.runs[0]?.status, truncated };
    };
  }
  if (mode === "raw") {
    const { spawnDiscarding } = await import("../lib/baselines.mjs");
    return async () => spawnDiscarding("head", ["-c", String(bytes), "/dev/zero"]);
  }
  const { loadGeminiRunner, createGeminiInput } = await import("../lib/gemini-runner.mjs");
  const gemini = await loadGeminiRunner(root);
  if (gemini.error !== undefined) throw new Error(gemini.error);
  console.debug = () => {};
  return async () => {
    const result = await gemini.runner.executeHook(
      { type: "command", command, timeout: 600_000 },
      "BeforeTool",
      createGeminiInput(root),
    );
    return {
      success: result.success,
      error: result.error?.message ?? null,
      stdoutLength: result.stdout?.length ?? null,
    };
  };
}

const task = await run();
const before = process.resourceUsage().maxRSS;
const rssBefore = process.memoryUsage().rss / 1024;
const startedAt = performance.now();
let outcome;
try {
  outcome = await task();
} catch (error) {
  outcome = { error: error instanceof Error ? error.message : String(error) };
}
const durationMs = performance.now() - startedAt;
const peak = process.resourceUsage().maxRSS;
process.stdout.write(
  `${JSON.stringify({
    mode,
    durationMs,
    rssBeforeMb: megabytes(rssBefore),
    peakRssMb: megabytes(peak),
    peakGrowthMb: megabytes(peak - Math.max(before, rssBefore)),
    ...outcome,
  })}\n`,
);
