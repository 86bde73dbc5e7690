import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { detectProfile } from "../config/detect-profile.js";
import { describeConfigAbove, findConfigAbove } from "../config/find-config-above.js";
import { suggestName } from "../config/suggest-name.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";
import { createHookEngine } from "../engine/engine.js";
import { findProfile, profiles } from "../profiles/profiles.js";
import { expandHome } from "../shared/expand-home.js";
import { findHookTestErrors } from "./find-hook-test-errors.js";
import { type HookTestCase, readHookTestFile } from "./hook-test-case.js";
import { countHookRuns, matchExpectation } from "./match-expectation.js";

/** The outcome of one case (or of a case file that could not be read), pass or fail alike. */
export interface HookTestResult {
  name: string;
  /** The case file, or null for cases passed as objects. */
  file: string | null;
  event: string | null;
  profile: string | null;
  /** Whether `profile` was the runner's (its option, else detected, else `deepagents`), not the case's or case file's own. */
  defaultProfile: boolean;
  passed: boolean;
  /** Why it failed, besides `errors`: one entry per mismatch, or why the case could not run. */
  failures: string[];
  /** Failures of the hooks or their configuration the case did not list in `expect.errors`. */
  errors: Diagnostic[];
  /**
   * The other warnings of the dispatch (an unknown event in the configuration, a matcher that
   * never matches, …): they do not fail a case, but often say why one failed.
   */
  warnings: Diagnostic[];
  /** The engine's combined result, or null when the case could not run. */
  result: DispatchResult | null;
  durationMs: number;
}

/** Every case's result, in order, with the counts. */
export interface HookTestReport {
  results: HookTestResult[];
  passed: number;
  failed: number;
}

/** Options of {@link runHookTests}. */
export interface HookTestOptions {
  /**
   * The profile of cases (and case files) that name none; default the profile detected in `cwd`
   * and `home` as every command detects it, else `deepagents`.
   */
  profile?: string;
  /** Where relative `config` paths of cases passed as objects point from; default the current directory. */
  baseDirectory?: string;
  /** The project directory cases run in (not in a sandbox); default the current directory. */
  cwd?: string;
  /** The home directory of cases not in a sandbox, also what `~/` means; default the OS home. */
  home?: string;
  /** Runs cases that do not say otherwise in a temporary working directory and home. */
  sandbox?: boolean;
  /** Environment handlers run with, before each case's `env`; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** An audit log every case's engine appends to (see `auditLog` of `createHookEngine`). */
  auditLog?: string;
  /** Also write payloads and handler output to the audit log. */
  auditPayloads?: boolean;
}

/**
 * Runs hook test cases (case files, or case objects) through the real engine and returns
 * structured results; never throws for a failing case or a broken case file.
 *
 * @example
 * ```ts
 * import { runHookTests } from "agent-hooks/testing";
 *
 * const report = await runHookTests(["hooks.test.json"]);
 * expect(report.failed).toBe(0);
 * ```
 */
export async function runHookTests(
  input: readonly (string | HookTestCase)[],
  options: HookTestOptions = {},
): Promise<HookTestReport> {
  const results: HookTestResult[] = [];
  for (const item of input) {
    if (typeof item !== "string") {
      results.push(await runHookTestCase(item, options));
      continue;
    }
    const read = await readHookTestFile(item);
    if (!read.ok) {
      results.push(failedToRun(item, item, null, null, false, [read.error]));
      continue;
    }
    for (const testCase of read.cases) results.push(await runHookTestCase(testCase, options));
  }
  const passed = results.filter((result) => result.passed).length;
  return { results, passed, failed: results.length - passed };
}

/**
 * Runs one case with hook trust bypassed: in the project directory and the real home, or with
 * `sandbox` in a fresh temporary working directory and home that are removed afterwards.
 */
export async function runHookTestCase(
  testCase: HookTestCase,
  options: HookTestOptions = {},
): Promise<HookTestResult> {
  const started = performance.now();
  const file = testCase.file ?? null;
  // The project and home as every command resolves them: the current directory, not the case file's.
  const project = path.resolve(options.cwd ?? process.cwd());
  const realHome = path.resolve(options.home ?? homedir());
  const defaultProfile = testCase.profile === undefined;
  const profileName =
    testCase.profile ??
    options.profile ??
    detectProfile({ cwd: project, home: realHome })?.profile ??
    "deepagents";
  const profile = findProfile(profileName);
  if (profile === undefined) {
    const known = Object.keys(profiles);
    return failedToRun(testCase.name, file, testCase.event, profileName, defaultProfile, [
      `unknown profile "${profileName}"${suggestName(profileName, known)} (choose from: ${known.join(", ")})`,
    ]);
  }
  if (!Object.hasOwn(profile.events, testCase.event)) {
    const known = Object.keys(profile.events);
    return failedToRun(testCase.name, file, testCase.event, profileName, defaultProfile, [
      `unknown event "${testCase.event}" for profile ${profileName}${suggestName(testCase.event, known)} (events: ${known.join(", ")})`,
    ]);
  }
  const baseDirectory = path.resolve(
    testCase.baseDirectory ?? options.baseDirectory ?? process.cwd(),
  );
  const sandbox = testCase.sandbox ?? options.sandbox ?? false;
  if (!sandbox && testCase.files !== undefined) {
    return failedToRun(testCase.name, file, testCase.event, profileName, defaultProfile, [
      "files are written only in a sandbox: add sandbox: true (or pass --sandbox)",
    ]);
  }
  const root = sandbox
    ? await realpath(await mkdtemp(path.join(tmpdir(), "agent-hooks-test-")))
    : null;
  try {
    const cwd = root === null ? project : path.join(root, "cwd");
    const home = root === null ? realHome : path.join(root, "home");
    if (root !== null) {
      await mkdir(cwd);
      await mkdir(home);
    }
    // A case's files stay inside its sandbox: never `../../..` or an absolute path onto the user's own.
    const outside = Object.keys(testCase.files ?? {}).filter((name) => {
      const relative = path.relative(root ?? cwd, path.resolve(cwd, name));
      return relative.startsWith("..") || path.isAbsolute(relative);
    });
    if (outside.length > 0) {
      return failedToRun(testCase.name, file, testCase.event, profileName, defaultProfile, [
        `files are written only inside the sandbox: ${outside.map((name) => JSON.stringify(name)).join(", ")} ${outside.length === 1 ? "is" : "are"} outside it`,
      ]);
    }
    for (const [name, content] of Object.entries(testCase.files ?? {})) {
      const target = path.resolve(cwd, name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, content);
    }
    // No config (or an empty list): the profile discovers configuration in the case's cwd and home.
    const configs = (
      testCase.config === undefined
        ? []
        : Array.isArray(testCase.config)
          ? testCase.config
          : [testCase.config]
    ).map((config) => path.resolve(baseDirectory, expandHome(config, home)));
    const engine = await createHookEngine({
      profile,
      cwd,
      home,
      ...(root !== null && { systemDir: path.join(root, "system") }),
      bypassHookTrust: true,
      env: {
        ...(options.env ?? process.env),
        ...testCase.env,
        AGENT_HOOKS_TEST_DIR: baseDirectory,
      },
      ...(configs.length > 0 && { configFiles: configs }),
      ...(options.auditLog !== undefined && { auditLog: options.auditLog }),
      ...(options.auditPayloads === true && { auditPayloads: true }),
    });
    const result = await engine.dispatch(
      testCase.event,
      testCase.payload ?? {},
      testCase.toolInputSchema === undefined ? {} : { toolInputSchema: testCase.toolInputSchema },
    );
    await engine.close();
    result.diagnostics = [...engine.diagnostics, ...result.diagnostics];
    const errors = findHookTestErrors(result, testCase.expect.errors);
    const noneRan = testCase.expect.hooksRun === undefined && countHookRuns(result) === 0;
    const failures = [
      ...matchExpectation(testCase.expect, result),
      ...(noneRan
        ? [describeNoHookRan(configs.length > 0 || root !== null ? null : { cwd, home })]
        : []),
      ...errors.missing.map((code) => `expected error ${code}, which did not occur`),
    ];
    return {
      name: testCase.name,
      file,
      event: testCase.event,
      profile: profileName,
      defaultProfile,
      passed: failures.length === 0 && errors.unexpected.length === 0,
      failures,
      errors: errors.unexpected,
      warnings: result.diagnostics.filter(
        (diagnostic) =>
          diagnostic.severity === "warning" &&
          diagnostic.code !== "trust_bypassed" &&
          !errors.unexpected.includes(diagnostic),
      ),
      result,
      durationMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return failedToRun(testCase.name, file, testCase.event, profileName, defaultProfile, [
      `could not run: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  } finally {
    if (root !== null) await rm(root, { recursive: true, force: true });
  }
}

// A case in which no hook ran tests nothing unless it says so; where discovery found nothing
// because the project's files are in a folder above, say which.
function describeNoHookRan(discovery: { cwd: string; home: string } | null): string {
  const failure = "no hook ran (write expect.hooksRun: 0 for a case that expects none)";
  if (discovery === null) return failure;
  const above = findConfigAbove(discovery);
  return above === null ? failure : `${failure}; ${describeConfigAbove(above, discovery.cwd)}`;
}

function failedToRun(
  name: string,
  file: string | null,
  event: string | null,
  profile: string | null,
  defaultProfile: boolean,
  failures: string[],
): HookTestResult {
  return {
    name,
    file,
    event,
    profile,
    defaultProfile,
    passed: false,
    failures,
    errors: [],
    warnings: [],
    result: null,
    durationMs: 0,
  };
}
