import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { TestWorkspace } from "./create-test-workspace.js";
import { packageRoot, runNodeScript, type ScriptRun } from "./run-node-script.js";

/** What test/fixtures/cli/load-bundle.cjs reports when the process exits. */
export interface BundleReport {
  /** `process.moduleLoadList`: every Node module and binding the process loaded. */
  modules: string[];
  /** Whether V8 rejected the bundle's code cache. */
  cacheRejected: boolean;
  cacheBytes: number;
  /** The size of a cache of the bundle's top level alone (compiled, not run). */
  topLevelCacheBytes: number;
}

/**
 * Runs a CLI bundle's command as bin/agent-hooks.js does, with its code cache, in a real
 * process, and reads what it loaded.
 *
 * @example
 * ```ts
 * const { run, report } = await runBundleWithReport(workspace, bundle, "runShimCli", args, payload);
 * ```
 */
export async function runBundleWithReport(
  workspace: TestWorkspace,
  bundle: string,
  entry: string,
  args: readonly string[],
  input: string,
): Promise<{ run: ScriptRun; report: BundleReport }> {
  const reportFile = workspace.path("bundle-report.json");
  const run = await runNodeScript(
    path.join(packageRoot, "test/fixtures/cli/load-bundle.cjs"),
    [bundle, entry, ...args],
    { input, env: { BUNDLE_REPORT: reportFile } },
  );
  return { run, report: JSON.parse(readFileSync(reportFile, "utf8")) as BundleReport };
}

/**
 * Asserts that a bundle's run started lean: V8 took its code cache, the cache holds more than
 * `trainedCacheRatio` times a top-level-only one (it was trained on a run), and the process
 * loaded none of node:crypto, node:fs/promises and node:perf_hooks.
 */
export function expectLeanStart(
  report: BundleReport,
  { trainedCacheRatio }: { trainedCacheRatio: number },
): void {
  expect(report.cacheRejected).toBe(false);
  expect(report.cacheBytes).toBeGreaterThan(trainedCacheRatio * report.topLevelCacheBytes);
  expect(report.modules).toContain("NativeModule child_process");
  for (const module of ["crypto", "fs/promises", "perf_hooks"]) {
    expect(report.modules).not.toContain(`NativeModule ${module}`);
  }
}
