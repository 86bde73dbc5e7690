// The Gemini CLI scenarios: a Claude Code hook configuration (guard scripts in the project's
// .claude/hooks/), converted with `convert --shim --to gemini` and run in real Gemini CLI, against
// what `dispatch --profile claude` says the same guard decides (or, for the shim's own failures,
// the fail-closed rules of docs/shim.md). Tokens (`TK…`) mark the texts whose way to the model is
// checked; markers (`m-…` files) show which tool input ran.
import { listComparedKeys } from "./compare-observations.mjs";
import { printHookOutput, printJson } from "./print-json.mjs";

/**
 * A tool call in both agents' shapes.
 * @typedef {{ gemini: { name: string, args: Record<string, unknown> },
 *             claude: { tool_name: string, tool_input: Record<string, unknown> },
 *             claudeToolResponse?: object }} ToolCall
 */

/**
 * One Claude Code hook of a scenario; its command runs `.claude/hooks/<script>.sh` unless
 * `command` says otherwise.
 * @typedef {{ event: string, matcher?: string, script: string, timeout?: number,
 *             command?: string }} ScenarioHook
 */

/**
 * One scenario.
 * @typedef {{ name: string, title: string, reference?: "dispatch" | "fail-closed",
 *   call?: ToolCall, hooks: ScenarioHook[], scripts: Record<string, string>,
 *   tokens?: { reason?: string, context?: string }, compare: string[],
 *   shim?: import("./agent-hooks-cli.mjs").ShimMode | "absent", projectName?: string,
 *   patchGemini?: (settings: any) => void, load?: boolean, survivors?: boolean,
 *   prompt?: string }} Scenario
 */

/**
 * A shell call: Gemini CLI's `run_shell_command`, Claude Code's `Bash`.
 * @param {string} command
 * @param {Record<string, unknown>} [extra] more Gemini arguments (`dir_path`)
 * @returns {ToolCall}
 */
function shellCall(command, extra = {}) {
  return {
    gemini: { name: "run_shell_command", args: { command, ...extra } },
    claude: { tool_name: "Bash", tool_input: { command } },
  };
}

/**
 * A file write: Gemini CLI's `write_file`, Claude Code's `Write`.
 * @param {string} filePath
 * @param {string} content
 * @returns {ToolCall}
 */
function writeCall(filePath, content) {
  return {
    gemini: { name: "write_file", args: { file_path: filePath, content } },
    claude: { tool_name: "Write", tool_input: { file_path: filePath, content } },
  };
}

/** @param {string} reason */
function denyOutput(reason) {
  return {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reason,
    },
  };
}

/**
 * A Stop guard's body that runs `lines` the first time only (a flag file in `$LOG`), then lets
 * the agent stop.
 * @param {string[]} lines
 */
function blockOnce(...lines) {
  return [
    'if [ -e "$LOG/stop-blocked" ]; then exit 0; fi',
    ': > "$LOG/stop-blocked"',
    ...lines,
  ].join("\n");
}

/**
 * A `patchGemini` that sets the shim's own `--timeout` to `seconds` in every BeforeTool hook of
 * the converted settings, and Gemini CLI's timer to `hostMs` when given.
 * @param {number} seconds
 * @param {number} [hostMs]
 * @returns {(settings: any) => void}
 */
function setShimTimeout(seconds, hostMs) {
  return (settings) => {
    for (const group of settings.hooks.BeforeTool) {
      for (const hook of group.hooks) {
        hook.command = hook.command.replace(/--timeout [0-9.]+ /, `--timeout ${seconds} `);
        if (hostMs !== undefined) hook.timeout = hostMs;
      }
    }
  };
}

/**
 * A scenario: its hooks and their scripts, and in `more` the model's tool call, the tokens, the
 * compared keys (listComparedKeys unless given) and the suite's options.
 * @param {string} name
 * @param {string} title
 * @param {ScenarioHook[]} hooks
 * @param {Record<string, string>} scripts
 * @param {Partial<Scenario>} [more]
 * @returns {Scenario}
 */
function createScenario(name, title, hooks, scripts, more = {}) {
  const { call, tokens, patchGemini, compare, ...options } = more;
  return {
    name,
    title,
    ...options,
    ...(call !== undefined && { call }),
    hooks,
    scripts,
    ...(tokens !== undefined && { tokens }),
    ...(patchGemini !== undefined && { patchGemini }),
    compare: compare ?? listComparedKeys(call, tokens),
  };
}

/**
 * A scenario whose one hook runs `body`; the model of a tool hook's scenario (one with a matcher)
 * calls `touch m-ran` unless `more.call` says otherwise.
 * @param {ScenarioHook} hook
 * @param {string} name
 * @param {string} title
 * @param {string} body
 * @param {Partial<Scenario>} [more]
 */
function createHookScenario(hook, name, title, body, more = {}) {
  const call = hook.matcher === undefined ? undefined : shellCall("touch m-ran");
  return createScenario(name, title, [{ ...hook }], { [hook.script]: body }, { call, ...more });
}

/**
 * A scenario of the shim's fail-closed rules (docs/shim.md): the Bash guard (with `hookFields`,
 * a command or a timeout) on `touch m-ran`, against the rule's reference, a blocked call.
 * @param {string} name
 * @param {string} title
 * @param {string} guard
 * @param {Partial<Scenario> & { hookFields?: Partial<ScenarioHook> }} [more]
 */
function createFailClosedScenario(name, title, guard, more = {}) {
  const { hookFields = {}, compare = ["markers", "modelCalls"], ...options } = more;
  return createHookScenario({ ...bashGuard, ...hookFields }, name, title, guard, {
    reference: "fail-closed",
    ...options,
    compare,
  });
}

const bashGuard = { event: "PreToolUse", matcher: "Bash", script: "guard" };
const bashAfter = { event: "PostToolUse", matcher: "Bash", script: "after" };
const promptHook = { event: "UserPromptSubmit", script: "prompt" };
const stopHook = { event: "Stop", script: "stop" };
const rmCommand = "touch m-ran && rm -rf ./scratch";
const denyRm = `case "$input" in *"rm -rf"*) ${printJson(denyOutput("TKdenyrm rm -rf is not allowed here"))} ;; esac`;
const rewriteOutput = { updatedInput: { command: "touch m-rewritten" } };
/** What ran, without the texts: for scenarios whose turn ends, or whose texts are not the point. */
const outcomeCompare = ["markers", "modelCalls", "guardRuns"];
const hangIgnoringTerm = "trap '' TERM\nsleep 30";

/**
 * A guard that denies writing a `.env` file (read from tool_input.file_path) with `reason`.
 * @param {string} reason
 */
function denyEnvFile(reason) {
  return `if printf '%s' "$input" | grep -Eq '"file_path" *: *"[^"]*\\.env"'; then ${printJson(denyOutput(reason))}; fi`;
}

/** @type {Scenario[]} */
export const scenarios = [
  createHookScenario(
    bashGuard,
    "deny-reason-reaches-model",
    "PreToolUse Bash guard denies rm -rf: the call is blocked and its reason reaches the model",
    denyRm,
    { call: shellCall(rmCommand), tokens: { reason: "TKdenyrm" } },
  ),
  createHookScenario(
    bashGuard,
    "allow-silent-runs-tool",
    "PreToolUse guard exits 0 with no output: the call runs",
    denyRm,
  ),
  createHookScenario(
    bashGuard,
    "allow-decision-reason-not-sent",
    "PreToolUse permissionDecision allow with a reason: the call runs, the reason is the user's",
    printHookOutput("PreToolUse", {
      permissionDecision: "allow",
      permissionDecisionReason: "TKallowreason checked",
    }),
    { tokens: { reason: "TKallowreason" } },
  ),
  createHookScenario(
    bashGuard,
    "exit-2-stderr-denies",
    "PreToolUse guard exits 2 with stderr: a deny with stderr as the reason",
    "echo 'TKexit2 blocked by exit 2' >&2\nexit 2",
    { tokens: { reason: "TKexit2" } },
  ),
  createHookScenario(
    bashGuard,
    "exit-2-empty-stderr-denies",
    "PreToolUse guard exits 2 with nothing on stderr: the call is blocked",
    "exit 2",
    { compare: outcomeCompare },
  ),
  createHookScenario(
    bashGuard,
    "exit-1-non-blocking",
    "PreToolUse guard exits 1 with stderr: a non-blocking error, the call runs",
    "echo 'TKexit1 something failed' >&2\nexit 1",
    { tokens: { reason: "TKexit1" } },
  ),
  createHookScenario(
    bashGuard,
    "decision-block-legacy",
    'PreToolUse top-level {"decision":"block"}: Claude Code\'s older deny',
    printJson({ decision: "block", reason: "TKlegacyblock not here" }),
    { tokens: { reason: "TKlegacyblock" } },
  ),
  createHookScenario(
    bashGuard,
    "continue-false-stops-turn",
    "PreToolUse continue:false without a decision: the turn ends (and the call?)",
    printJson({ continue: false, stopReason: "TKstopreason halt" }),
    { compare: outcomeCompare },
  ),
  createHookScenario(
    bashGuard,
    "deny-with-continue-false",
    "PreToolUse deny beside continue:false: the call is blocked and the turn ends",
    printJson({ continue: false, stopReason: "TKstop2 halt", ...denyOutput("TKdeny2 no") }),
    { compare: outcomeCompare },
  ),
  createHookScenario(
    bashGuard,
    "updated-input-rewrites-command",
    "PreToolUse allow with updatedInput: the rewritten command runs instead",
    printHookOutput("PreToolUse", { permissionDecision: "allow", ...rewriteOutput }),
    { call: shellCall("touch m-original"), compare: outcomeCompare },
  ),
  createHookScenario(
    bashGuard,
    "updated-input-replaces-arguments",
    "updatedInput without dir_path: Gemini CLI builds the call from the hook's input alone",
    printHookOutput("PreToolUse", { permissionDecision: "allow", ...rewriteOutput }),
    {
      call: shellCall("touch m-original", { dir_path: "sub" }),
      compare: ["markers", "inputHandling", "guardRuns"],
    },
  ),
  createHookScenario(
    bashGuard,
    "updated-input-without-decision",
    "PreToolUse updatedInput with no permissionDecision: the rewrite applies",
    printHookOutput("PreToolUse", rewriteOutput),
    { call: shellCall("touch m-original"), compare: outcomeCompare },
  ),
  createHookScenario(
    bashGuard,
    "pretooluse-additional-context",
    "PreToolUse additionalContext on an allowed call reaches the model",
    printHookOutput("PreToolUse", {
      permissionDecision: "allow",
      additionalContext: "TKprecontext remember the style guide",
    }),
    { tokens: { context: "TKprecontext" } },
  ),
  createHookScenario(
    bashAfter,
    "posttooluse-additional-context",
    "PostToolUse additionalContext reaches the model with the tool result",
    printHookOutput("PostToolUse", { additionalContext: "TKpostcontext the build is green" }),
    { tokens: { context: "TKpostcontext" } },
  ),
  createHookScenario(
    bashAfter,
    "posttooluse-block-reason",
    'PostToolUse {"decision":"block"}: the tool ran, the reason reaches the model',
    printJson({ decision: "block", reason: "TKpostblock output rejected" }),
    { tokens: { reason: "TKpostblock" } },
  ),
  createHookScenario(
    promptHook,
    "user-prompt-submit-context",
    "UserPromptSubmit additionalContext (BeforeAgent) reaches the model",
    printHookOutput("UserPromptSubmit", {
      additionalContext: "TKpromptcontext the user is on call",
    }),
    { tokens: { context: "TKpromptcontext" } },
  ),
  createHookScenario(
    promptHook,
    "user-prompt-submit-plain-stdout",
    "UserPromptSubmit plain-text stdout is context for the model",
    "echo 'TKplaincontext today is a freeze day'",
    { tokens: { context: "TKplaincontext" } },
  ),
  createHookScenario(
    promptHook,
    "user-prompt-submit-block",
    'UserPromptSubmit {"decision":"block"}: the prompt never reaches the model',
    printJson({ decision: "block", reason: "TKpromptblock not today" }),
    { tokens: { reason: "TKpromptblock" } },
  ),
  createHookScenario(
    stopHook,
    "stop-block-continues-turn",
    "Stop (AfterAgent) block once: the agent goes on with the reason, then stops",
    blockOnce(printJson({ decision: "block", reason: "TKstopblock run the tests first" })),
    { tokens: { reason: "TKstopblock" } },
  ),
  createHookScenario(
    bashAfter,
    "posttooluse-exit-2-stderr",
    "PostToolUse guard exits 2: the tool ran, stderr reaches the model",
    "echo 'TKpostexit2 the output leaks a secret' >&2\nexit 2",
    { tokens: { reason: "TKpostexit2" } },
  ),
  createHookScenario(
    bashAfter,
    "posttooluse-reads-tool-response-stdout",
    "PostToolUse guard reading tool_response.stdout (Claude Code's Bash shape) blocks a leak",
    [
      `leak=$(printf '%s' "$input" | ${JSON.stringify(process.execPath)} -e 'let t="";process.stdin.on("data",(c)=>t+=c).on("end",()=>{const r=JSON.parse(t).tool_response;process.stdout.write(typeof r==="object"&&r!==null&&typeof r.stdout==="string"&&r.stdout.includes("SECRET")?"yes":"no")})')`,
      `if [ "$leak" = yes ]; then ${printJson({ decision: "block", reason: "TKleak the output holds a secret" })}; fi`,
    ].join("\n"),
    {
      call: {
        ...shellCall("echo SECRET-VALUE-42"),
        claudeToolResponse: {
          stdout: "SECRET-VALUE-42\n",
          stderr: "",
          interrupted: false,
          isImage: false,
        },
      },
      tokens: { reason: "TKleak" },
      compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
    },
  ),
  createHookScenario(
    promptHook,
    "user-prompt-submit-exit-2",
    "UserPromptSubmit guard exits 2: the prompt is refused before the model",
    "echo 'TKpromptexit2 prompts are closed' >&2\nexit 2",
    { tokens: { reason: "TKpromptexit2" } },
  ),
  createHookScenario(
    { event: "SessionStart", script: "start" },
    "session-start-context",
    "SessionStart additionalContext reaches the model",
    printHookOutput("SessionStart", {
      additionalContext: "TKstartcontext the repository uses pnpm",
    }),
    { tokens: { context: "TKstartcontext" } },
  ),
  createHookScenario(
    stopHook,
    "stop-exit-2-continues-turn",
    "Stop guard exits 2 once: the agent goes on with stderr as the reason",
    blockOnce("echo 'TKstopexit2 tests are failing' >&2", "exit 2"),
    { tokens: { reason: "TKstopexit2" } },
  ),
  createScenario(
    "stop-block-prompt-hook-runs-once",
    "A Stop block continues the turn: the UserPromptSubmit hook does not run again",
    [{ ...promptHook }, { ...stopHook }],
    {
      prompt: "exit 0",
      stop: blockOnce(printJson({ decision: "block", reason: "TKstoponce check the diff" })),
    },
    { tokens: { reason: "TKstoponce" } },
  ),
  createHookScenario(
    stopHook,
    "stop-hook-active-ends-loop",
    "Stop guard blocks unless stop_hook_active: one more turn, then the agent stops",
    [
      'case "$input" in *\'"stop_hook_active":true\'*) exit 0 ;; esac',
      printJson({ decision: "block", reason: "TKstopactive one more check" }),
    ].join("\n"),
    { tokens: { reason: "TKstopactive" } },
  ),
  createHookScenario(
    { ...bashGuard, matcher: "Edit|Write" },
    "write-file-guard-reads-file-path",
    "Edit|Write guard reading tool_input.file_path denies a write to a .env file",
    denyEnvFile("TKenvfile .env files are off limits"),
    { call: writeCall("m-secrets.env", "TOKEN=1\n"), tokens: { reason: "TKenvfile" } },
  ),
  createHookScenario(
    { ...bashGuard, matcher: "Edit|Write" },
    "write-file-guard-allows-other-paths",
    "The same Edit|Write guard lets a write to another file run",
    denyEnvFile("TKenvfile2 no"),
    { call: writeCall("m-notes.txt", "hello\n") },
  ),
  // The rm -rf guard under other matchers: [name, matcher, title, the deny's token if it runs].
  ...[
    [
      "matcher-alternation",
      "Bash|Write",
      "Matcher Bash|Write selects run_shell_command",
      "TKdenyrm",
    ],
    ["matcher-star", "*", "Matcher * selects every tool", "TKdenyrm"],
    ["matcher-empty", "", "An empty matcher selects every tool", "TKdenyrm"],
    [
      "matcher-other-tool-skipped",
      "Write",
      "Matcher Write does not select a shell call: the guard never runs",
    ],
  ].map(([name, matcher, title, reason]) =>
    createHookScenario({ ...bashGuard, matcher }, name, title, denyRm, {
      call: shellCall(rmCommand),
      ...(reason !== undefined && { tokens: { reason } }),
    }),
  ),
  createScenario(
    "two-guards-one-denies",
    "Two guards on Bash, one allows and one denies: deny wins, each runs once",
    [
      { ...bashGuard, script: "first" },
      { ...bashGuard, script: "second" },
    ],
    { first: "exit 0", second: printJson(denyOutput("TKsecond the second guard says no")) },
    { call: shellCall("touch m-ran"), tokens: { reason: "TKsecond" } },
  ),
  createScenario(
    "same-command-twice-runs-once",
    "One command in two matcher groups (Bash and *) runs once per call",
    [{ ...bashGuard }, { ...bashGuard, matcher: "*" }],
    { guard: "exit 0" },
    { call: shellCall("touch m-ran") },
  ),
  // A project folder whose name needs quoting: [name, folder name, title].
  ...[
    [
      "project-path-with-space",
      "my project",
      "A project path with a space: the guard is found and the allowed call runs",
    ],
    [
      "project-path-with-at-comma-colon",
      "team@v2,a:b",
      "A project path with @ , and : the guard is found and the allowed call runs",
    ],
  ].map(([name, projectName, title]) =>
    createHookScenario(bashGuard, name, title, "exit 0", { projectName }),
  ),
  // The shim's fail-closed rules (docs/shim.md): the reference is the rule, a blocked call.
  ...[
    ["fail-closed-guard-missing", "missing.sh", "The guard script does not exist"],
    ["fail-closed-guard-not-executable", "plain.txt", "The guard script is not executable"],
  ].map(([name, file, what]) =>
    createFailClosedScenario(name, `${what}: the call is denied`, "exit 0", {
      hookFields: { command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${file}` },
    }),
  ),
  createFailClosedScenario(
    "fail-closed-guard-garbage",
    "The guard prints text that is not JSON on PreToolUse: the call is denied",
    "echo 'permissionDecision: allow maybe'",
    { compare: outcomeCompare },
  ),
  createFailClosedScenario(
    "fail-closed-guard-crashes",
    "The guard dies by a signal (SIGSEGV): the call is denied",
    "kill -SEGV $$",
    { compare: outcomeCompare },
  ),
  createFailClosedScenario(
    "fail-closed-guard-hangs",
    "The guard hangs: the shim's timeout denies before Gemini CLI's own timer",
    "sleep 60",
    {
      hookFields: { timeout: 10 },
      // The shim gets 4 s of Gemini CLI's 10 s, so that this checks its timeout and its reply
      // whatever the load; the margin convert writes is checked by the two scenarios below.
      patchGemini: setShimTimeout(4),
      compare: outcomeCompare,
    },
  ),
  // The agent-hooks on Gemini CLI's PATH fails: [name, shim mode, what fails].
  ...[
    ["fail-closed-agent-hooks-not-on-path", "absent", "agent-hooks is not on Gemini CLI's PATH"],
    [
      "fail-closed-shim-broken-install",
      "broken",
      "The shim itself fails (node exits 1, its files are gone)",
    ],
    ["fail-closed-shim-killed", "killed", "The shim is killed by a signal before it answers"],
  ].map(([name, shim, what]) =>
    createFailClosedScenario(name, `${what}: the call is denied`, "exit 0", { shim }),
  ),
  createHookScenario(
    { ...bashGuard, timeout: 2 },
    "host-timeout-kills-shim-no-orphans",
    "Gemini CLI's timer fires first and SIGTERMs the shim: no guard process survives",
    ['echo "$$" >> "$LOG/pids"', "sleep 120 &", 'echo "$!" >> "$LOG/pids"', "wait"].join("\n"),
    {
      shim: "exec",
      survivors: true,
      // agent-hooks' runner gets 2 s; in Gemini CLI the shim's own timeout is raised to 60 s so
      // that Gemini CLI's timer (5 s, time enough for the guard to start) ends the run.
      patchGemini: setShimTimeout(60, 5000),
      compare: ["survivors", "markers"],
    },
  ),
  createFailClosedScenario(
    "timeout-slow-start-fails-closed",
    "Node starts 1.5 s late (as under load), the guard hangs ignoring SIGTERM: still denied",
    hangIgnoringTerm,
    { shim: "slow-start", hookFields: { timeout: 5 } },
  ),
  createFailClosedScenario(
    "timeout-under-load-fails-closed",
    "A hanging guard that ignores SIGTERM, with CPU hogs running: still denied",
    hangIgnoringTerm,
    { shim: "exec", load: true, hookFields: { timeout: 5 } },
  ),
];
