// The native-profile scenarios of the Gemini CLI suite: each writes a Gemini CLI settings.json of
// its own (events by Gemini CLI's names, timeouts in milliseconds, guard scripts in the project's
// .gemini/hooks/), runs real Gemini CLI on it, and compares with what `dispatch --profile gemini`
// says the same configuration does. Tokens (`TK…`) mark texts whose way to the model is checked;
// markers (`m-…` files) show which tool input ran.
import { listComparedKeys } from "./compare-observations.mjs";
import { printHookOutput, printJson } from "./print-json.mjs";

/**
 * One native scenario: the hooks of the project's (and optionally the user's) settings file, the
 * guard scripts they run, the model's tool call (Gemini CLI's shape) and what is compared.
 * @typedef {{ name: string, title: string, call?: { name: string, args: Record<string, unknown> },
 *   project: Record<string, unknown>, user?: Record<string, unknown>,
 *   scripts: Record<string, string>, tokens?: { reason?: string, context?: string },
 *   compare: string[], projectName?: string, untrusted?: boolean }} NativeScenario
 */

/**
 * The command that runs `.gemini/hooks/<script>.sh`, through Gemini CLI's project variable.
 * @param {string} script
 */
export function runScript(script) {
  return `$GEMINI_PROJECT_DIR/.gemini/hooks/${script}.sh`;
}

/**
 * One hook of a scenario's settings: `script` on `event`, in a group under `matcher` if given.
 * @typedef {{ event: string, matcher?: string, script: string }} NativeHook
 */

/**
 * A command handler running a guard script.
 * @param {string} script
 * @param {Record<string, unknown>} [extra] `timeout`, `name`, `env`, …
 */
function commandHandler(script, extra = {}) {
  return { type: "command", command: runScript(script), ...extra };
}

/**
 * Settings whose `hooks` table has one group per hook, each running its script.
 * @param {NativeHook[]} hooks
 * @param {Record<string, unknown>} [handlerFields] more fields of every handler
 */
function settingsOf(hooks, handlerFields = {}) {
  /** @type {Record<string, object[]>} */
  const table = {};
  for (const { event, matcher, script } of hooks) {
    const group = {
      ...(matcher !== undefined && { matcher }),
      hooks: [commandHandler(script, handlerFields)],
    };
    table[event] = [...(table[event] ?? []), group];
  }
  return { hooks: table };
}

/** @param {string} command */
function shellCall(command) {
  return { name: "run_shell_command", args: { command } };
}

/** @param {string} reason a guard's `{"decision":"deny"}` line */
function printDeny(reason) {
  return printJson({ decision: "deny", reason });
}

/**
 * A native scenario: the project's settings and the guard scripts, and in `more` the model's tool
 * call, the folder's name, the user's settings, the tokens, the compared keys (listComparedKeys
 * unless given) and whether the folder goes untrusted.
 * @param {string} name
 * @param {string} title
 * @param {Record<string, unknown>} project
 * @param {Record<string, string>} scripts
 * @param {Partial<NativeScenario>} [more]
 * @returns {NativeScenario}
 */
function createNativeScenario(name, title, project, scripts, more = {}) {
  const { call, projectName, user, tokens, compare, untrusted } = more;
  return {
    name,
    title,
    ...(call !== undefined && { call }),
    ...(projectName !== undefined && { projectName }),
    ...(user !== undefined && { user }),
    project,
    scripts,
    ...(tokens !== undefined && { tokens }),
    compare: compare ?? listComparedKeys(call, tokens),
    ...(untrusted !== undefined && { untrusted }),
  };
}

/**
 * A native scenario whose project settings hold one hook running `body` (`more.handler`: more
 * handler fields, `more.hooksConfig`: the settings' hooksConfig); the model calls `touch m-ran`
 * when the hook is on a tool event, unless `more.call` says otherwise.
 * @param {NativeHook} hook
 * @param {string} name
 * @param {string} title
 * @param {string} body
 * @param {Partial<NativeScenario> & { handler?: Record<string, unknown>,
 *   hooksConfig?: Record<string, unknown> }} [more]
 */
function createHookScenario(hook, name, title, body, more = {}) {
  const { handler, hooksConfig, ...options } = more;
  const call = toolEvents.includes(hook.event) ? shellCall("touch m-ran") : undefined;
  const project = {
    ...settingsOf([hook], handler),
    ...(hooksConfig !== undefined && { hooksConfig }),
  };
  return createNativeScenario(name, title, project, { [hook.script]: body }, { call, ...options });
}

const toolEvents = ["BeforeTool", "AfterTool"];
const shellGuard = { event: "BeforeTool", matcher: "run_shell_command", script: "guard" };
const shellAfter = { event: "AfterTool", matcher: "run_shell_command", script: "after" };
const beforeAgent = { event: "BeforeAgent", script: "prompt" };
const afterAgent = { event: "AfterAgent", script: "stop" };
const beforeModel = { event: "BeforeModel", script: "model" };
const beforeToolSelection = { event: "BeforeToolSelection", script: "select" };
/** What ran, without the texts. */
const outcomeCompare = ["markers", "modelCalls", "guardRuns"];

/** @type {NativeScenario[]} */
export const nativeScenarios = [
  // BeforeTool's decision field: [name, decision, the reason if any (its first word the token), title].
  ...[
    [
      "deny-reason-reaches-model",
      "deny",
      "TKdeny no shell here",
      'BeforeTool {"decision":"deny"}: the call is blocked, its reason reaches the model',
    ],
    [
      "block-is-deny",
      "block",
      "TKblock blocked",
      'BeforeTool {"decision":"block"}: Gemini CLI\'s other spelling of deny',
    ],
    [
      "allow-runs-tool",
      "allow",
      "TKallow fine",
      'BeforeTool {"decision":"allow"} with a reason: the call runs',
    ],
    ["approve-runs-tool", "approve", undefined, 'BeforeTool {"decision":"approve"}: the call runs'],
  ].map(([name, decision, reason, title]) =>
    createHookScenario(shellGuard, name, title, printJson({ decision, reason }), {
      ...(reason !== undefined && { tokens: { reason: reason.split(" ")[0] } }),
    }),
  ),
  createHookScenario(
    shellGuard,
    "exit-2-stderr-denies",
    "BeforeTool exit 2 with stderr: a deny with stderr as the reason",
    "echo 'TKexit2 refused' >&2\nexit 2",
    { tokens: { reason: "TKexit2" } },
  ),
  createHookScenario(
    shellGuard,
    "exit-2-empty-output",
    "BeforeTool exit 2 with no output at all",
    "exit 2",
    { compare: outcomeCompare },
  ),
  createHookScenario(
    shellGuard,
    "exit-2-json-stdout",
    "BeforeTool exit 2 with JSON (no decision) on stdout and a reason on stderr",
    `${printJson({ systemMessage: "checked" })}\necho 'TKexit2json refused' >&2\nexit 2`,
    { tokens: { reason: "TKexit2json" } },
  ),
  createHookScenario(
    shellGuard,
    "exit-1-non-blocking",
    "BeforeTool exit 1 with stderr: a warning, the call runs",
    "echo 'TKexit1 failed' >&2\nexit 1",
    { tokens: { reason: "TKexit1" } },
  ),
  createHookScenario(
    shellGuard,
    "exit-1-json-deny",
    "BeforeTool exit 1 with a deny on stdout: the JSON still decides",
    `${printDeny("TKexit1deny no")}\nexit 1`,
    { tokens: { reason: "TKexit1deny" } },
  ),
  createHookScenario(
    shellGuard,
    "exit-3-stderr",
    "BeforeTool exit 3 with stderr",
    "echo 'TKexit3 broken' >&2\nexit 3",
    { tokens: { reason: "TKexit3" } },
  ),
  createHookScenario(
    shellGuard,
    "plain-stdout-not-model-context",
    "BeforeTool exit 0 with plain text: the call runs, the text is the user's",
    "echo 'TKplain just a note'",
    { tokens: { context: "TKplain" } },
  ),
  createHookScenario(
    shellGuard,
    "claude-shaped-deny",
    "BeforeTool hookSpecificOutput.permissionDecision deny (Claude Code's shape)",
    printHookOutput("BeforeTool", {
      permissionDecision: "deny",
      permissionDecisionReason: "TKclaudeshape no",
    }),
    { tokens: { reason: "TKclaudeshape" } },
  ),
  // A deny under other matchers: [name, matcher, title, the deny's reason, its token if it runs].
  ...[
    [
      "matcher-is-unanchored-regex",
      "shell",
      'BeforeTool matcher "shell": an unanchored regular expression matches run_shell_command',
      "TKregex matched",
      "TKregex",
    ],
    [
      "matcher-other-tool",
      "^write_file$",
      'BeforeTool matcher "^write_file$": a shell call runs no hook',
      "TKother no",
    ],
    [
      "matcher-claude-tool-name",
      "Bash",
      'BeforeTool matcher "Bash" (Claude Code\'s name) never matches run_shell_command',
      "TKbash no",
    ],
    [
      "matcher-invalid-regex",
      "run_shell_command(",
      'BeforeTool matcher "run_shell_command(" does not compile: no hook runs',
      "TKinvalid no",
    ],
  ].map(([name, matcher, title, reason, token]) =>
    createHookScenario({ ...shellGuard, matcher }, name, title, printDeny(reason), {
      ...(token !== undefined && { tokens: { reason: token } }),
    }),
  ),
  createHookScenario(
    shellGuard,
    "tool-input-rewrite",
    "BeforeTool hookSpecificOutput.tool_input alone: the rewritten command runs",
    printHookOutput("BeforeTool", { tool_input: { command: "touch m-new" } }),
    { call: shellCall("touch m-original"), compare: outcomeCompare },
  ),
  createHookScenario(
    shellGuard,
    "continue-false-stops",
    "BeforeTool continue:false: the call does not run and the turn ends",
    printJson({ continue: false, stopReason: "TKstop halt" }),
    { compare: outcomeCompare },
  ),
  createNativeScenario(
    "deny-beside-allow",
    "Two BeforeTool hooks, an allow and a deny: the deny wins",
    settingsOf([
      { ...shellGuard, script: "allower" },
      { ...shellGuard, matcher: ".*", script: "denier" },
    ]),
    { allower: printJson({ decision: "allow" }), denier: printDeny("TKtwo denied") },
    { call: shellCall("touch m-ran"), tokens: { reason: "TKtwo" } },
  ),
  createHookScenario(
    shellGuard,
    "timeout-in-milliseconds",
    "BeforeTool timeout 1000 (ms) on a guard that denies after 3 s: the call runs",
    `sleep 3\n${printDeny("TKlate too late")}`,
    {
      handler: { timeout: 1000 },
      tokens: { reason: "TKlate" },
      compare: ["markers", "reasonReachedModel", "modelCalls"],
    },
  ),
  createHookScenario(
    shellGuard,
    "handler-env",
    "A handler's env reaches its command",
    `if [ "$GUARD_MODE" = deny ]; then ${printDeny("TKenv from env")}; fi`,
    { handler: { env: { GUARD_MODE: "deny" } }, tokens: { reason: "TKenv" } },
  ),
  createHookScenario(
    shellGuard,
    "hooksconfig-disabled-name",
    "hooksConfig.disabled names a hook: it does not run",
    printDeny("TKdisabled no"),
    { handler: { name: "shell-guard" }, hooksConfig: { disabled: ["shell-guard"] } },
  ),
  createHookScenario(
    shellGuard,
    "hooksconfig-enabled-false",
    "hooksConfig.enabled false: no hook runs",
    printDeny("TKoff no"),
    { hooksConfig: { enabled: false } },
  ),
  createNativeScenario(
    "user-and-project-hooks",
    "Hooks in the user and the project settings both run",
    settingsOf([shellGuard]),
    { userguard: "exit 0", guard: printDeny("TKlayers project says no") },
    {
      call: shellCall("touch m-ran"),
      user: settingsOf([{ ...shellGuard, script: "userguard" }]),
      tokens: { reason: "TKlayers" },
    },
  ),
  createNativeScenario(
    "same-command-runs-once",
    "One command in the user and the project settings runs once",
    settingsOf([shellGuard]),
    { guard: "exit 0" },
    { call: shellCall("touch m-ran"), user: settingsOf([shellGuard]) },
  ),
  createHookScenario(
    shellAfter,
    "aftertool-deny-reason",
    'AfterTool {"decision":"deny"}: the tool ran, the reason replaces its result',
    printDeny("TKafter rejected"),
    { tokens: { reason: "TKafter" } },
  ),
  createHookScenario(
    shellAfter,
    "aftertool-context",
    "AfterTool additionalContext reaches the model with the tool result",
    printHookOutput("AfterTool", { additionalContext: "TKafterctx green" }),
    { tokens: { context: "TKafterctx" } },
  ),
  createHookScenario(
    beforeAgent,
    "beforeagent-block",
    'BeforeAgent {"decision":"block"}: the prompt never reaches the model',
    printJson({ decision: "block", reason: "TKprompt refused" }),
    { call: shellCall("touch m-ran"), compare: outcomeCompare },
  ),
  createHookScenario(
    beforeAgent,
    "beforeagent-context",
    "BeforeAgent additionalContext reaches the model",
    printHookOutput("BeforeAgent", { additionalContext: "TKpromptctx hi" }),
    { tokens: { context: "TKpromptctx" } },
  ),
  createHookScenario(
    afterAgent,
    "afteragent-retry-once",
    "AfterAgent denies once (stop_hook_active false): its reason is the next prompt",
    `case "$input" in *'"stop_hook_active":true'*) exit 0 ;; esac\n${printDeny("TKretry once more")}`,
    { tokens: { reason: "TKretry" } },
  ),
  // SessionStart's context under a matcher: [name, matcher, title, the context].
  ...[
    [
      "sessionstart-context",
      "startup",
      'SessionStart matcher "startup": its additionalContext reaches the model',
      "TKstart hello",
    ],
    [
      "sessionstart-matcher-exact",
      "resume",
      'SessionStart matcher "resume": a new session (source startup) runs no hook',
      "TKresume no",
    ],
  ].map(([name, matcher, title, context]) =>
    createHookScenario(
      { event: "SessionStart", matcher, script: "start" },
      name,
      title,
      printHookOutput("SessionStart", { additionalContext: context }),
      { tokens: { context: context.split(" ")[0] } },
    ),
  ),
  createHookScenario(
    { event: "SessionStart", script: "start" },
    "sessionstart-cannot-block",
    "SessionStart exit 2: advisory, the session goes on",
    "echo 'TKstartblock no' >&2\nexit 2",
    { call: shellCall("touch m-ran"), compare: outcomeCompare },
  ),
  createHookScenario(
    afterAgent,
    "afteragent-continue-false",
    "AfterAgent continue:false: the session stops without a retry",
    printJson({ continue: false, stopReason: "TKhalt done", decision: "deny" }),
    { compare: ["modelCalls", "guardRuns"] },
  ),
  createHookScenario(
    beforeModel,
    "beforemodel-runs-per-call",
    "BeforeModel runs before each model call (two with a tool call)",
    "exit 0",
    { call: shellCall("touch m-ran"), compare: outcomeCompare },
  ),
  createHookScenario(
    beforeModel,
    "beforemodel-deny",
    'BeforeModel {"decision":"deny"}: the model is never called',
    printDeny("TKmodel no model"),
    { call: shellCall("touch m-ran"), compare: outcomeCompare },
  ),
  // Gemini CLI 0.61.0's hookSystem: BeforeModel's continue: false stops the turn before the call.
  createHookScenario(
    beforeModel,
    "beforemodel-continue-false",
    "BeforeModel continue:false: the model is never called and the turn ends",
    printJson({ continue: false, stopReason: "TKmodelstop halt" }),
    { call: shellCall("touch m-ran"), compare: outcomeCompare },
  ),
  // Its merge keeps only toolConfig: a stop, a deny and a systemMessage change nothing headless.
  createHookScenario(
    beforeToolSelection,
    "beforetoolselection-stop-ignored",
    "BeforeToolSelection continue:false, deny and systemMessage: the model is called, the tool runs",
    printJson({
      continue: false,
      stopReason: "TKselstop halt",
      decision: "deny",
      reason: "TKsel no",
      systemMessage: "TKselmsg note",
    }),
    { call: shellCall("touch m-ran"), compare: outcomeCompare },
  ),
  createHookScenario(
    shellGuard,
    "untrusted-folder",
    "An untrusted folder (GEMINI_CLI_TRUST_WORKSPACE unset, no trustedFolders.json)",
    printDeny("TKuntrusted no"),
    { tokens: { reason: "TKuntrusted" }, untrusted: true },
  ),
  createHookScenario(
    shellGuard,
    "unquoted-project-dir-with-space",
    "Command $GEMINI_PROJECT_DIR/… in a folder whose name has a space: the guard runs",
    printJson({ decision: "deny", reason: "TKspace the guard ran" }),
    { projectName: "my project", tokens: { reason: "TKspace" } },
  ),
  createHookScenario(
    shellGuard,
    "quoted-project-dir-with-space",
    'Command "$GEMINI_PROJECT_DIR"/… in a folder whose name has a space',
    "exit 0",
    {
      projectName: "my project",
      handler: { command: '"$GEMINI_PROJECT_DIR"/.gemini/hooks/guard.sh' },
      compare: outcomeCompare,
    },
  ),
];
