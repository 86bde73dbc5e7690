import { copyFileSync, existsSync, rmSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import { expectLeanStart, runBundleWithReport } from "../../test/support/run-bundle-with-report.js";
import { packageRoot, runNodeScript } from "../../test/support/run-node-script.js";

const bundle = path.join(packageRoot, "dist/cli/dispatch.bundle.cjs");
const main = path.join(packageRoot, "dist/cli/main.js");

// Loads the bundle as bin/agent-hooks.js does (a CommonJS function body run through node:vm),
// whatever its age, and runs `dispatch` with the arguments after the bundle's path.
const runBundleScript = `
const { readFileSync } = require("node:fs");
const path = require("node:path");
const { Script } = require("node:vm");
const file = process.argv[2];
const loaded = { exports: {} };
new Script(readFileSync(file, "utf8"), { filename: file }).runInThisContext()(
  loaded.exports, require("node:module").createRequire(file), loaded, file, path.dirname(file));
loaded.exports.runDispatchCli(["node", "agent-hooks", ...process.argv.slice(3)]);`;

// A PreToolUse dispatch of the payload on standard input with test/fixtures/cli/hooks.json.
const dispatchFixtureArgs = [
  "dispatch",
  "PreToolUse",
  "--payload",
  "-",
  "--config",
  "test/fixtures/cli/hooks.json",
];

// Runs the unbundled CLI (dist/cli/main.js) with the arguments after its path.
const runMainScript = `
const { runCli } = await import(process.argv[2]);
await runCli(["node", "agent-hooks", ...process.argv.slice(3)]);`;

function withoutDurations(stdout: string): unknown {
  return JSON.parse(stdout, (key, value: unknown) => (key === "durationMs" ? 0 : value));
}

describe("the dispatch bundle (npm run build)", () => {
  it("dispatches, prints help and refuses usage errors exactly as the unbundled CLI", async () => {
    expect(existsSync(bundle), `${bundle} is missing: run npm run build`).toBe(true);
    const workspace = createTestWorkspace("dispatch-bundle");
    const runBundle = workspace.writeFile("run-bundle.cjs", runBundleScript);
    const runMain = workspace.writeFile("run-main.mjs", runMainScript);
    const payload = JSON.stringify({ tool_name: "execute", tool_input: { command: "rm -rf /" } });
    const cases = [
      [...dispatchFixtureArgs, "--session", "s-1"],
      ["dispatch", "--help"],
      ["dispatch", "NoSuchEvent", "--config", "test/fixtures/cli/hooks.json"],
      ["dispatch"],
    ];
    for (const args of cases) {
      const [bundled, unbundled] = await Promise.all([
        runNodeScript(runBundle, [bundle, ...args], { input: payload }),
        runNodeScript(runMain, [main, ...args], { input: payload }),
      ]);
      expect(bundled.code, args.join(" ")).toBe(unbundled.code);
      expect(bundled.stderr, args.join(" ")).toBe(unbundled.stderr);
      if (args[1] === "PreToolUse") {
        expect(withoutDurations(bundled.stdout)).toEqual(withoutDurations(unbundled.stdout));
        expect(withoutDurations(bundled.stdout)).toMatchObject({ decision: "deny" });
      } else {
        expect(bundled.stdout, args.join(" ")).toBe(unbundled.stdout);
      }
    }
  });
});

/** A package with the real bin/ and a stand-in bundle and main.js that print which ran. */
function createStandInPackage(workspace: TestWorkspace): { lastBuild: string } {
  workspace.createDirectory("bin");
  for (const file of ["agent-hooks.js", "package.json"]) {
    copyFileSync(path.join(packageRoot, "bin", file), workspace.path("bin", file));
  }
  workspace.writeJson("package.json", { type: "module" });
  workspace.writeFile(
    "dist/cli/dispatch.bundle.cjs",
    '(function (exports, require, module, __filename, __dirname) {"use strict";\nexports.runDispatchCli = async (argv) => process.stdout.write("bundle " + argv.slice(2).join(" "));\n})',
  );
  workspace.writeFile(
    "dist/cli/main.js",
    'export async function runCli(argv) { process.stdout.write("main " + argv.slice(2).join(" ")); }\n',
  );
  const lastBuild = workspace.writeFile("dist/build.tsbuildinfo", "{}");
  setModified(lastBuild, -60);
  return { lastBuild };
}

function setModified(file: string, secondsFromNow: number): void {
  const time = new Date(Date.now() + secondsFromNow * 1000);
  utimesSync(file, time, time);
}

describe("bin/agent-hooks.js", () => {
  it.each([
    {
      name: "dispatch, with a bundle newer than the last tsc build",
      args: ["dispatch", "Stop"],
      expected: "bundle dispatch Stop",
    },
    { name: "another command", args: ["validate"], expected: "main validate" },
    { name: "--version", args: ["--version"], expected: "main --version" },
    {
      name: "dispatch, when tsc has built since the bundle",
      args: ["dispatch", "Stop"],
      arrange: ({ lastBuild }: { lastBuild: string }) => setModified(lastBuild, 60),
      expected: "main dispatch Stop",
    },
    {
      name: "dispatch, with no tsc build information (a published package)",
      args: ["dispatch", "Stop"],
      arrange: ({ lastBuild }: { lastBuild: string }) => setModified(lastBuild, 60),
      remove: "dist/build.tsbuildinfo",
      expected: "bundle dispatch Stop",
    },
    {
      name: "dispatch, with no bundle",
      args: ["dispatch", "Stop"],
      remove: "dist/cli/dispatch.bundle.cjs",
      expected: "main dispatch Stop",
    },
    {
      name: "dispatch, with a code cache V8 cannot use",
      args: ["dispatch", "Stop"],
      cache: "not a code cache",
      expected: "bundle dispatch Stop",
    },
  ])("runs $name", async ({ args, arrange, remove, cache, expected }) => {
    const workspace = createTestWorkspace("bin");
    const files = createStandInPackage(workspace);
    arrange?.(files);
    if (cache !== undefined) workspace.writeFile("dist/cli/dispatch.bundle.cjs.cache", cache);
    if (remove !== undefined) rmSync(workspace.path(remove));
    const run = await runNodeScript(workspace.path("bin/agent-hooks.js"), args);
    expect(run).toMatchObject({ code: 0, stdout: expected, stderr: "" });
  });
});

describe("the dispatch bundle's start-up (npm run build)", () => {
  it("uses its code cache, trained on a dispatch, and loads none of node:crypto, node:fs/promises and node:perf_hooks", async () => {
    const workspace = createTestWorkspace("dispatch-bundle-start");
    const payload = JSON.stringify({ tool_name: "execute", tool_input: { command: "ls" } });
    const { run, report } = await runBundleWithReport(
      workspace,
      bundle,
      "runDispatchCli",
      dispatchFixtureArgs,
      payload,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ runs: [{ status: "ok" }] });
    // A cache of the top level alone holds none of the functions a dispatch calls.
    expectLeanStart(report, { trainedCacheRatio: 2 });
  });
});
