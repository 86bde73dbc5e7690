import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { expectLeanStart, runBundleWithReport } from "../../test/support/run-bundle-with-report.js";
import { packageRoot, runNodeScript } from "../../test/support/run-node-script.js";

const bundle = path.join(packageRoot, "dist/cli/shim.bundle.cjs");
const main = path.join(packageRoot, "dist/cli/main.js");
const denyHook = path.join(packageRoot, "test/fixtures/shim/claude-deny.sh");

// Loads the bundle as bin/agent-hooks.js does (a CommonJS function body run through node:vm),
// whatever its age, and runs `shim` with the arguments after the bundle's path.
const runBundleScript = `
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { Script } = require("node:vm");
const file = process.argv[2];
const loaded = { exports: {} };
new Script(readFileSync(file, "utf8"), { filename: file }).runInThisContext()(
  loaded.exports, require("node:module").createRequire(file), loaded, file, path.dirname(file));
loaded.exports.runShimCli(["node", "agent-hooks", ...process.argv.slice(3)]);`;

// Runs the unbundled CLI (dist/cli/main.js) with the arguments after its path.
const runMainScript = `
const { runCli } = await import(process.argv[2]);
await runCli(["node", "agent-hooks", ...process.argv.slice(3)]);`;

/** Cursor's beforeShellExecution payload for `rm -rf /` in `root`. */
function createCursorPayload(root: string): string {
  return JSON.stringify({
    conversation_id: "conversation-1",
    hook_event_name: "beforeShellExecution",
    workspace_roots: [root],
    command: "rm -rf /",
    cwd: root,
  });
}

describe("the shim bundle (npm run build)", () => {
  it("answers, prints help and refuses bad flags exactly as the unbundled CLI", async () => {
    expect(existsSync(bundle), `${bundle} is missing: run npm run build`).toBe(true);
    const workspace = createTestWorkspace("shim-bundle");
    const runBundle = workspace.writeFile("run-bundle.cjs", runBundleScript);
    const runMain = workspace.writeFile("run-main.mjs", runMainScript);
    const payload = createCursorPayload(workspace.root);
    const cases = [
      ["shim", "--hook", "claude", "--host", "cursor", "--", denyHook],
      ["shim", "--help"],
      ["shim", "--hook", "claude", "--host", "nope", "--", "true"],
      ["shim", "--hook", "claude", "--host", "cursor", "--unknown", "--", "true"],
    ];
    for (const args of cases) {
      const [bundled, unbundled] = await Promise.all([
        runNodeScript(runBundle, [bundle, ...args], { input: payload }),
        runNodeScript(runMain, [main, ...args], { input: payload }),
      ]);
      expect(bundled, args.join(" ")).toEqual(unbundled);
    }
    const [first] = cases;
    const denied = await runNodeScript(runBundle, [bundle, ...(first ?? [])], { input: payload });
    expect(JSON.parse(denied.stdout)).toMatchObject({ permission: "deny" });
  });
});

describe("the shim bundle's start-up (npm run build)", () => {
  it("uses its code cache, trained on a shim run, and loads none of node:crypto, node:fs/promises and node:perf_hooks", async () => {
    const workspace = createTestWorkspace("shim-bundle-start");
    const payload = createCursorPayload(workspace.root);
    const args = ["shim", "--hook", "claude", "--host", "cursor", "--", denyHook];
    const { run, report } = await runBundleWithReport(
      workspace,
      bundle,
      "runShimCli",
      args,
      payload,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ permission: "deny" });
    // A cache of the top level alone holds none of the functions a shim run calls. The shell
    // parser's reading of a missing script (loaded only after a failing exit) is in the bundle
    // but never run here, so it adds to both caches alike: 1.4, not dispatch's 1.5.
    expectLeanStart(report, { trainedCacheRatio: 1.4 });
  });
});
