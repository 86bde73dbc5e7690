// The native-profile scenarios of the Gemini CLI suite: each writes a Gemini CLI settings.json of
// its own (events by Gemini CLI's names, timeouts in milliseconds, guard scripts in the project's
// .gemini/hooks/), runs real Gemini CLI on it, and compares with what `dispatch --profile gemini`
// says the same configuration does. Tokens (`TK…`) mark texts whose way to the model is checked;
// markers (`m-…` files) show which tool input ran.

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
 * A `hooks` table: one group per entry.
 * @param {Record<string, Array<{ matcher?: string, sequential?: boolean,
 *   hooks: Array<Record<string, unknown>> }>>} events
 */
function hooksOf(events) {
  return { hooks: events };
}

/**
 * A command hook running a guard script.
 * @param {string} script
 * @param {Record<string, unknown>} [extra] `timeout`, `name`, `env`, …
 */
function hook(script, extra = {}) {
  return { type: "command", command: runScript(script), ...extra };
}

/** @param {object} value a hook's JSON answer, printed by the guard */
function printJson(value) {
  return `printf '%s\\n' '${JSON.stringify(value)}'`;
}

/** @param {string} command */
function shellCall(command) {
  return { name: "run_shell_command", args: { command } };
}

const beforeShell = (/** @type {Record<string, unknown>} */ extra = {}, script = "guard") =>
  hooksOf({ BeforeTool: [{ matcher: "run_shell_command", hooks: [hook(script, extra)] }] });
const toolCompare = ["markers", "reasonReachedModel", "modelCalls", "guardRuns"];

/** @type {NativeScenario[]} */
export const nativeScenarios = [
  {
    name: "deny-reason-reaches-model",
    title: 'BeforeTool {"decision":"deny"}: the call is blocked, its reason reaches the model',
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: printJson({ decision: "deny", reason: "TKdeny no shell here" }) },
    tokens: { reason: "TKdeny" },
    compare: toolCompare,
  },
  {
    name: "block-is-deny",
    title: 'BeforeTool {"decision":"block"}: Gemini CLI\'s other spelling of deny',
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: printJson({ decision: "block", reason: "TKblock blocked" }) },
    tokens: { reason: "TKblock" },
    compare: toolCompare,
  },
  {
    name: "allow-runs-tool",
    title: 'BeforeTool {"decision":"allow"} with a reason: the call runs',
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: printJson({ decision: "allow", reason: "TKallow fine" }) },
    tokens: { reason: "TKallow" },
    compare: toolCompare,
  },
  {
    name: "approve-runs-tool",
    title: 'BeforeTool {"decision":"approve"}: the call runs',
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: printJson({ decision: "approve" }) },
    compare: toolCompare,
  },
  {
    name: "exit-2-stderr-denies",
    title: "BeforeTool exit 2 with stderr: a deny with stderr as the reason",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: "echo 'TKexit2 refused' >&2\nexit 2" },
    tokens: { reason: "TKexit2" },
    compare: toolCompare,
  },
  {
    name: "exit-2-empty-output",
    title: "BeforeTool exit 2 with no output at all",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: "exit 2" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "exit-2-json-stdout",
    title: "BeforeTool exit 2 with JSON (no decision) on stdout and a reason on stderr",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: {
      guard: `${printJson({ systemMessage: "checked" })}\necho 'TKexit2json refused' >&2\nexit 2`,
    },
    tokens: { reason: "TKexit2json" },
    compare: toolCompare,
  },
  {
    name: "exit-1-non-blocking",
    title: "BeforeTool exit 1 with stderr: a warning, the call runs",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: "echo 'TKexit1 failed' >&2\nexit 1" },
    tokens: { reason: "TKexit1" },
    compare: toolCompare,
  },
  {
    name: "exit-1-json-deny",
    title: "BeforeTool exit 1 with a deny on stdout: the JSON still decides",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: `${printJson({ decision: "deny", reason: "TKexit1deny no" })}\nexit 1` },
    tokens: { reason: "TKexit1deny" },
    compare: toolCompare,
  },
  {
    name: "exit-3-stderr",
    title: "BeforeTool exit 3 with stderr",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: "echo 'TKexit3 broken' >&2\nexit 3" },
    tokens: { reason: "TKexit3" },
    compare: toolCompare,
  },
  {
    name: "plain-stdout-not-model-context",
    title: "BeforeTool exit 0 with plain text: the call runs, the text is the user's",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: "echo 'TKplain just a note'" },
    tokens: { context: "TKplain" },
    compare: ["markers", "contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "claude-shaped-deny",
    title: "BeforeTool hookSpecificOutput.permissionDecision deny (Claude Code's shape)",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: {
      guard: printJson({
        hookSpecificOutput: {
          hookEventName: "BeforeTool",
          permissionDecision: "deny",
          permissionDecisionReason: "TKclaudeshape no",
        },
      }),
    },
    tokens: { reason: "TKclaudeshape" },
    compare: toolCompare,
  },
  {
    name: "matcher-is-unanchored-regex",
    title: 'BeforeTool matcher "shell": an unanchored regular expression matches run_shell_command',
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeTool: [{ matcher: "shell", hooks: [hook("guard")] }] }),
    scripts: { guard: printJson({ decision: "deny", reason: "TKregex matched" }) },
    tokens: { reason: "TKregex" },
    compare: toolCompare,
  },
  {
    name: "matcher-other-tool",
    title: 'BeforeTool matcher "^write_file$": a shell call runs no hook',
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeTool: [{ matcher: "^write_file$", hooks: [hook("guard")] }] }),
    scripts: { guard: printJson({ decision: "deny", reason: "TKother no" }) },
    compare: toolCompare,
  },
  {
    name: "matcher-claude-tool-name",
    title: 'BeforeTool matcher "Bash" (Claude Code\'s name) never matches run_shell_command',
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeTool: [{ matcher: "Bash", hooks: [hook("guard")] }] }),
    scripts: { guard: printJson({ decision: "deny", reason: "TKbash no" }) },
    compare: toolCompare,
  },
  {
    name: "matcher-invalid-regex",
    title: 'BeforeTool matcher "run_shell_command(" does not compile: no hook runs',
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeTool: [{ matcher: "run_shell_command(", hooks: [hook("guard")] }] }),
    scripts: { guard: printJson({ decision: "deny", reason: "TKinvalid no" }) },
    compare: toolCompare,
  },
  {
    name: "tool-input-rewrite",
    title: "BeforeTool hookSpecificOutput.tool_input alone: the rewritten command runs",
    call: shellCall("touch m-original"),
    project: beforeShell(),
    scripts: {
      guard: printJson({
        hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "touch m-new" } },
      }),
    },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "continue-false-stops",
    title: "BeforeTool continue:false: the call does not run and the turn ends",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: printJson({ continue: false, stopReason: "TKstop halt" }) },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "deny-beside-allow",
    title: "Two BeforeTool hooks, an allow and a deny: the deny wins",
    call: shellCall("touch m-ran"),
    project: hooksOf({
      BeforeTool: [
        { matcher: "run_shell_command", hooks: [hook("allower")] },
        { matcher: ".*", hooks: [hook("denier")] },
      ],
    }),
    scripts: {
      allower: printJson({ decision: "allow" }),
      denier: printJson({ decision: "deny", reason: "TKtwo denied" }),
    },
    tokens: { reason: "TKtwo" },
    compare: toolCompare,
  },
  {
    name: "timeout-in-milliseconds",
    title: "BeforeTool timeout 1000 (ms) on a guard that denies after 3 s: the call runs",
    call: shellCall("touch m-ran"),
    project: beforeShell({ timeout: 1000 }),
    scripts: { guard: `sleep 3\n${printJson({ decision: "deny", reason: "TKlate too late" })}` },
    tokens: { reason: "TKlate" },
    compare: ["markers", "reasonReachedModel", "modelCalls"],
  },
  {
    name: "handler-env",
    title: "A handler's env reaches its command",
    call: shellCall("touch m-ran"),
    project: beforeShell({ env: { GUARD_MODE: "deny" } }),
    scripts: {
      guard: `if [ "$GUARD_MODE" = deny ]; then ${printJson({ decision: "deny", reason: "TKenv from env" })}; fi`,
    },
    tokens: { reason: "TKenv" },
    compare: toolCompare,
  },
  {
    name: "hooksconfig-disabled-name",
    title: "hooksConfig.disabled names a hook: it does not run",
    call: shellCall("touch m-ran"),
    project: {
      ...beforeShell({ name: "shell-guard" }),
      hooksConfig: { disabled: ["shell-guard"] },
    },
    scripts: { guard: printJson({ decision: "deny", reason: "TKdisabled no" }) },
    compare: toolCompare,
  },
  {
    name: "hooksconfig-enabled-false",
    title: "hooksConfig.enabled false: no hook runs",
    call: shellCall("touch m-ran"),
    project: { ...beforeShell(), hooksConfig: { enabled: false } },
    scripts: { guard: printJson({ decision: "deny", reason: "TKoff no" }) },
    compare: toolCompare,
  },
  {
    name: "user-and-project-hooks",
    title: "Hooks in the user and the project settings both run",
    call: shellCall("touch m-ran"),
    user: beforeShell({}, "userguard"),
    project: beforeShell(),
    scripts: {
      userguard: "exit 0",
      guard: printJson({ decision: "deny", reason: "TKlayers project says no" }),
    },
    tokens: { reason: "TKlayers" },
    compare: toolCompare,
  },
  {
    name: "same-command-runs-once",
    title: "One command in the user and the project settings runs once",
    call: shellCall("touch m-ran"),
    user: beforeShell(),
    project: beforeShell(),
    scripts: { guard: "exit 0" },
    compare: toolCompare,
  },
  {
    name: "aftertool-deny-reason",
    title: 'AfterTool {"decision":"deny"}: the tool ran, the reason replaces its result',
    call: shellCall("touch m-ran"),
    project: hooksOf({ AfterTool: [{ matcher: "run_shell_command", hooks: [hook("after")] }] }),
    scripts: { after: printJson({ decision: "deny", reason: "TKafter rejected" }) },
    tokens: { reason: "TKafter" },
    compare: toolCompare,
  },
  {
    name: "aftertool-context",
    title: "AfterTool additionalContext reaches the model with the tool result",
    call: shellCall("touch m-ran"),
    project: hooksOf({ AfterTool: [{ matcher: "run_shell_command", hooks: [hook("after")] }] }),
    scripts: {
      after: printJson({
        hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: "TKafterctx green" },
      }),
    },
    tokens: { context: "TKafterctx" },
    compare: ["markers", "contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "beforeagent-block",
    title: 'BeforeAgent {"decision":"block"}: the prompt never reaches the model',
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeAgent: [{ hooks: [hook("prompt")] }] }),
    scripts: { prompt: printJson({ decision: "block", reason: "TKprompt refused" }) },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "beforeagent-context",
    title: "BeforeAgent additionalContext reaches the model",
    project: hooksOf({ BeforeAgent: [{ hooks: [hook("prompt")] }] }),
    scripts: {
      prompt: printJson({
        hookSpecificOutput: { hookEventName: "BeforeAgent", additionalContext: "TKpromptctx hi" },
      }),
    },
    tokens: { context: "TKpromptctx" },
    compare: ["contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "afteragent-retry-once",
    title: "AfterAgent denies once (stop_hook_active false): its reason is the next prompt",
    project: hooksOf({ AfterAgent: [{ hooks: [hook("stop")] }] }),
    scripts: {
      stop: `case "$input" in *'"stop_hook_active":true'*) exit 0 ;; esac\n${printJson({ decision: "deny", reason: "TKretry once more" })}`,
    },
    tokens: { reason: "TKretry" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "sessionstart-context",
    title: 'SessionStart matcher "startup": its additionalContext reaches the model',
    project: hooksOf({ SessionStart: [{ matcher: "startup", hooks: [hook("start")] }] }),
    scripts: {
      start: printJson({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "TKstart hello" },
      }),
    },
    tokens: { context: "TKstart" },
    compare: ["contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "sessionstart-matcher-exact",
    title: 'SessionStart matcher "resume": a new session (source startup) runs no hook',
    project: hooksOf({ SessionStart: [{ matcher: "resume", hooks: [hook("start")] }] }),
    scripts: {
      start: printJson({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "TKresume no" },
      }),
    },
    tokens: { context: "TKresume" },
    compare: ["contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "sessionstart-cannot-block",
    title: "SessionStart exit 2: advisory, the session goes on",
    call: shellCall("touch m-ran"),
    project: hooksOf({ SessionStart: [{ hooks: [hook("start")] }] }),
    scripts: { start: "echo 'TKstartblock no' >&2\nexit 2" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "afteragent-continue-false",
    title: "AfterAgent continue:false: the session stops without a retry",
    project: hooksOf({ AfterAgent: [{ hooks: [hook("stop")] }] }),
    scripts: { stop: printJson({ continue: false, stopReason: "TKhalt done", decision: "deny" }) },
    compare: ["modelCalls", "guardRuns"],
  },
  {
    name: "beforemodel-runs-per-call",
    title: "BeforeModel runs before each model call (two with a tool call)",
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeModel: [{ hooks: [hook("model")] }] }),
    scripts: { model: "exit 0" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "beforemodel-deny",
    title: 'BeforeModel {"decision":"deny"}: the model is never called',
    call: shellCall("touch m-ran"),
    project: hooksOf({ BeforeModel: [{ hooks: [hook("model")] }] }),
    scripts: { model: printJson({ decision: "deny", reason: "TKmodel no model" }) },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "untrusted-folder",
    title: "An untrusted folder (GEMINI_CLI_TRUST_WORKSPACE unset, no trustedFolders.json)",
    call: shellCall("touch m-ran"),
    project: beforeShell(),
    scripts: { guard: printJson({ decision: "deny", reason: "TKuntrusted no" }) },
    tokens: { reason: "TKuntrusted" },
    compare: toolCompare,
    untrusted: true,
  },
  {
    name: "unquoted-project-dir-with-space",
    title: "Command $GEMINI_PROJECT_DIR/… in a folder whose name has a space: the guard runs",
    call: shellCall("touch m-ran"),
    projectName: "my project",
    project: beforeShell(),
    scripts: { guard: printJson({ decision: "deny", reason: "TKspace the guard ran" }) },
    tokens: { reason: "TKspace" },
    compare: toolCompare,
  },
  {
    name: "quoted-project-dir-with-space",
    title: 'Command "$GEMINI_PROJECT_DIR"/… in a folder whose name has a space',
    call: shellCall("touch m-ran"),
    projectName: "my project",
    project: hooksOf({
      BeforeTool: [
        {
          matcher: "run_shell_command",
          hooks: [{ type: "command", command: '"$GEMINI_PROJECT_DIR"/.gemini/hooks/guard.sh' }],
        },
      ],
    }),
    scripts: { guard: "exit 0" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
];
