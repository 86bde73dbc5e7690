// The Gemini CLI scenarios: a Claude Code hook configuration (guard scripts in the project's
// .claude/hooks/), converted with `convert --shim --to gemini` and run in real Gemini CLI, against
// what `dispatch --profile claude` says the same guard decides (or, for the shim's own failures,
// the fail-closed rules of docs/shim.md). Tokens (`TK…`) mark the texts whose way to the model is
// checked; markers (`m-…` files) show which tool input ran.

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

/** @param {object} value a hook's JSON answer, printed by the guard */
function printJson(value) {
  return `printf '%s\\n' '${JSON.stringify(value)}'`;
}

/** @param {string} reason */
function denyJson(reason) {
  return printJson({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reason,
    },
  });
}

const denyRm = `case "$input" in *"rm -rf"*) ${denyJson("TKdenyrm rm -rf is not allowed here")} ;; esac`;
const standardCompare = ["markers", "reasonReachedModel", "modelCalls", "guardRuns"];

/** @type {Scenario[]} */
export const scenarios = [
  {
    name: "deny-reason-reaches-model",
    title:
      "PreToolUse Bash guard denies rm -rf: the call is blocked and its reason reaches the model",
    call: shellCall("touch m-ran && rm -rf ./scratch"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: denyRm },
    tokens: { reason: "TKdenyrm" },
    compare: standardCompare,
  },
  {
    name: "allow-silent-runs-tool",
    title: "PreToolUse guard exits 0 with no output: the call runs",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: denyRm },
    compare: standardCompare,
  },
  {
    name: "allow-decision-reason-not-sent",
    title:
      "PreToolUse permissionDecision allow with a reason: the call runs, the reason is the user's",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: {
      guard: printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          permissionDecisionReason: "TKallowreason checked",
        },
      }),
    },
    tokens: { reason: "TKallowreason" },
    compare: standardCompare,
  },
  {
    name: "exit-2-stderr-denies",
    title: "PreToolUse guard exits 2 with stderr: a deny with stderr as the reason",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "echo 'TKexit2 blocked by exit 2' >&2\nexit 2" },
    tokens: { reason: "TKexit2" },
    compare: standardCompare,
  },
  {
    name: "exit-2-empty-stderr-denies",
    title: "PreToolUse guard exits 2 with nothing on stderr: the call is blocked",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "exit 2" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "exit-1-non-blocking",
    title: "PreToolUse guard exits 1 with stderr: a non-blocking error, the call runs",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "echo 'TKexit1 something failed' >&2\nexit 1" },
    tokens: { reason: "TKexit1" },
    compare: standardCompare,
  },
  {
    name: "decision-block-legacy",
    title: 'PreToolUse top-level {"decision":"block"}: Claude Code\'s older deny',
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: printJson({ decision: "block", reason: "TKlegacyblock not here" }) },
    tokens: { reason: "TKlegacyblock" },
    compare: standardCompare,
  },
  {
    name: "continue-false-stops-turn",
    title: "PreToolUse continue:false without a decision: the turn ends (and the call?)",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: printJson({ continue: false, stopReason: "TKstopreason halt" }) },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "deny-with-continue-false",
    title: "PreToolUse deny beside continue:false: the call is blocked and the turn ends",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: {
      guard: printJson({
        continue: false,
        stopReason: "TKstop2 halt",
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "TKdeny2 no",
        },
      }),
    },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "updated-input-rewrites-command",
    title: "PreToolUse allow with updatedInput: the rewritten command runs instead",
    call: shellCall("touch m-original"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: {
      guard: printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: "touch m-rewritten" },
        },
      }),
    },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "updated-input-replaces-arguments",
    title: "updatedInput without dir_path: Gemini CLI builds the call from the hook's input alone",
    call: shellCall("touch m-original", { dir_path: "sub" }),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: {
      guard: printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: "touch m-rewritten" },
        },
      }),
    },
    compare: ["markers", "inputHandling", "guardRuns"],
  },
  {
    name: "updated-input-without-decision",
    title: "PreToolUse updatedInput with no permissionDecision: the rewrite applies",
    call: shellCall("touch m-original"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: {
      guard: printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          updatedInput: { command: "touch m-rewritten" },
        },
      }),
    },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "pretooluse-additional-context",
    title: "PreToolUse additionalContext on an allowed call reaches the model",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: {
      guard: printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          additionalContext: "TKprecontext remember the style guide",
        },
      }),
    },
    tokens: { context: "TKprecontext" },
    compare: ["markers", "contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "posttooluse-additional-context",
    title: "PostToolUse additionalContext reaches the model with the tool result",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PostToolUse", matcher: "Bash", script: "after" }],
    scripts: {
      after: printJson({
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          additionalContext: "TKpostcontext the build is green",
        },
      }),
    },
    tokens: { context: "TKpostcontext" },
    compare: ["markers", "contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "posttooluse-block-reason",
    title: 'PostToolUse {"decision":"block"}: the tool ran, the reason reaches the model',
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PostToolUse", matcher: "Bash", script: "after" }],
    scripts: { after: printJson({ decision: "block", reason: "TKpostblock output rejected" }) },
    tokens: { reason: "TKpostblock" },
    compare: standardCompare,
  },
  {
    name: "user-prompt-submit-context",
    title: "UserPromptSubmit additionalContext (BeforeAgent) reaches the model",
    hooks: [{ event: "UserPromptSubmit", script: "prompt" }],
    scripts: {
      prompt: printJson({
        hookSpecificOutput: {
          hookEventName: "UserPromptSubmit",
          additionalContext: "TKpromptcontext the user is on call",
        },
      }),
    },
    tokens: { context: "TKpromptcontext" },
    compare: ["contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "user-prompt-submit-plain-stdout",
    title: "UserPromptSubmit plain-text stdout is context for the model",
    hooks: [{ event: "UserPromptSubmit", script: "prompt" }],
    scripts: { prompt: "echo 'TKplaincontext today is a freeze day'" },
    tokens: { context: "TKplaincontext" },
    compare: ["contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "user-prompt-submit-block",
    title: 'UserPromptSubmit {"decision":"block"}: the prompt never reaches the model',
    hooks: [{ event: "UserPromptSubmit", script: "prompt" }],
    scripts: { prompt: printJson({ decision: "block", reason: "TKpromptblock not today" }) },
    tokens: { reason: "TKpromptblock" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "stop-block-continues-turn",
    title: "Stop (AfterAgent) block once: the agent goes on with the reason, then stops",
    hooks: [{ event: "Stop", script: "stop" }],
    scripts: {
      stop: [
        'if [ -e "$LOG/stop-blocked" ]; then exit 0; fi',
        ': > "$LOG/stop-blocked"',
        printJson({ decision: "block", reason: "TKstopblock run the tests first" }),
      ].join("\n"),
    },
    tokens: { reason: "TKstopblock" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "posttooluse-exit-2-stderr",
    title: "PostToolUse guard exits 2: the tool ran, stderr reaches the model",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PostToolUse", matcher: "Bash", script: "after" }],
    scripts: { after: "echo 'TKpostexit2 the output leaks a secret' >&2\nexit 2" },
    tokens: { reason: "TKpostexit2" },
    compare: standardCompare,
  },
  {
    name: "posttooluse-reads-tool-response-stdout",
    title:
      "PostToolUse guard reading tool_response.stdout (Claude Code's Bash shape) blocks a leak",
    call: {
      ...shellCall("echo SECRET-VALUE-42"),
      claudeToolResponse: {
        stdout: "SECRET-VALUE-42\n",
        stderr: "",
        interrupted: false,
        isImage: false,
      },
    },
    hooks: [{ event: "PostToolUse", matcher: "Bash", script: "after" }],
    scripts: {
      after: [
        `leak=$(printf '%s' "$input" | ${JSON.stringify(process.execPath)} -e 'let t="";process.stdin.on("data",(c)=>t+=c).on("end",()=>{const r=JSON.parse(t).tool_response;process.stdout.write(typeof r==="object"&&r!==null&&typeof r.stdout==="string"&&r.stdout.includes("SECRET")?"yes":"no")})')`,
        `if [ "$leak" = yes ]; then ${printJson({ decision: "block", reason: "TKleak the output holds a secret" })}; fi`,
      ].join("\n"),
    },
    tokens: { reason: "TKleak" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "user-prompt-submit-exit-2",
    title: "UserPromptSubmit guard exits 2: the prompt is refused before the model",
    hooks: [{ event: "UserPromptSubmit", script: "prompt" }],
    scripts: { prompt: "echo 'TKpromptexit2 prompts are closed' >&2\nexit 2" },
    tokens: { reason: "TKpromptexit2" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "session-start-context",
    title: "SessionStart additionalContext reaches the model",
    hooks: [{ event: "SessionStart", script: "start" }],
    scripts: {
      start: printJson({
        hookSpecificOutput: {
          hookEventName: "SessionStart",
          additionalContext: "TKstartcontext the repository uses pnpm",
        },
      }),
    },
    tokens: { context: "TKstartcontext" },
    compare: ["contextReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "stop-exit-2-continues-turn",
    title: "Stop guard exits 2 once: the agent goes on with stderr as the reason",
    hooks: [{ event: "Stop", script: "stop" }],
    scripts: {
      stop: [
        'if [ -e "$LOG/stop-blocked" ]; then exit 0; fi',
        ': > "$LOG/stop-blocked"',
        "echo 'TKstopexit2 tests are failing' >&2",
        "exit 2",
      ].join("\n"),
    },
    tokens: { reason: "TKstopexit2" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "stop-block-prompt-hook-runs-once",
    title: "A Stop block continues the turn: the UserPromptSubmit hook does not run again",
    hooks: [
      { event: "UserPromptSubmit", script: "prompt" },
      { event: "Stop", script: "stop" },
    ],
    scripts: {
      prompt: "exit 0",
      stop: [
        'if [ -e "$LOG/stop-blocked" ]; then exit 0; fi',
        ': > "$LOG/stop-blocked"',
        printJson({ decision: "block", reason: "TKstoponce check the diff" }),
      ].join("\n"),
    },
    tokens: { reason: "TKstoponce" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "stop-hook-active-ends-loop",
    title: "Stop guard blocks unless stop_hook_active: one more turn, then the agent stops",
    hooks: [{ event: "Stop", script: "stop" }],
    scripts: {
      stop: [
        'case "$input" in *\'"stop_hook_active":true\'*) exit 0 ;; esac',
        printJson({ decision: "block", reason: "TKstopactive one more check" }),
      ].join("\n"),
    },
    tokens: { reason: "TKstopactive" },
    compare: ["reasonReachedModel", "modelCalls", "guardRuns"],
  },
  {
    name: "write-file-guard-reads-file-path",
    title: "Edit|Write guard reading tool_input.file_path denies a write to a .env file",
    call: writeCall("m-secrets.env", "TOKEN=1\n"),
    hooks: [{ event: "PreToolUse", matcher: "Edit|Write", script: "guard" }],
    scripts: {
      guard: `if printf '%s' "$input" | grep -Eq '"file_path" *: *"[^"]*\\.env"'; then ${denyJson("TKenvfile .env files are off limits")}; fi`,
    },
    tokens: { reason: "TKenvfile" },
    compare: standardCompare,
  },
  {
    name: "write-file-guard-allows-other-paths",
    title: "The same Edit|Write guard lets a write to another file run",
    call: writeCall("m-notes.txt", "hello\n"),
    hooks: [{ event: "PreToolUse", matcher: "Edit|Write", script: "guard" }],
    scripts: {
      guard: `if printf '%s' "$input" | grep -Eq '"file_path" *: *"[^"]*\\.env"'; then ${denyJson("TKenvfile2 no")}; fi`,
    },
    compare: standardCompare,
  },
  {
    name: "matcher-alternation",
    title: "Matcher Bash|Write selects run_shell_command",
    call: shellCall("touch m-ran && rm -rf ./scratch"),
    hooks: [{ event: "PreToolUse", matcher: "Bash|Write", script: "guard" }],
    scripts: { guard: denyRm },
    tokens: { reason: "TKdenyrm" },
    compare: standardCompare,
  },
  {
    name: "matcher-star",
    title: "Matcher * selects every tool",
    call: shellCall("touch m-ran && rm -rf ./scratch"),
    hooks: [{ event: "PreToolUse", matcher: "*", script: "guard" }],
    scripts: { guard: denyRm },
    tokens: { reason: "TKdenyrm" },
    compare: standardCompare,
  },
  {
    name: "matcher-empty",
    title: "An empty matcher selects every tool",
    call: shellCall("touch m-ran && rm -rf ./scratch"),
    hooks: [{ event: "PreToolUse", matcher: "", script: "guard" }],
    scripts: { guard: denyRm },
    tokens: { reason: "TKdenyrm" },
    compare: standardCompare,
  },
  {
    name: "matcher-other-tool-skipped",
    title: "Matcher Write does not select a shell call: the guard never runs",
    call: shellCall("touch m-ran && rm -rf ./scratch"),
    hooks: [{ event: "PreToolUse", matcher: "Write", script: "guard" }],
    scripts: { guard: denyRm },
    compare: standardCompare,
  },
  {
    name: "two-guards-one-denies",
    title: "Two guards on Bash, one allows and one denies: deny wins, each runs once",
    call: shellCall("touch m-ran"),
    hooks: [
      { event: "PreToolUse", matcher: "Bash", script: "first" },
      { event: "PreToolUse", matcher: "Bash", script: "second" },
    ],
    scripts: { first: "exit 0", second: denyJson("TKsecond the second guard says no") },
    tokens: { reason: "TKsecond" },
    compare: standardCompare,
  },
  {
    name: "same-command-twice-runs-once",
    title: "One command in two matcher groups (Bash and *) runs once per call",
    call: shellCall("touch m-ran"),
    hooks: [
      { event: "PreToolUse", matcher: "Bash", script: "guard" },
      { event: "PreToolUse", matcher: "*", script: "guard" },
    ],
    scripts: { guard: "exit 0" },
    compare: standardCompare,
  },
  {
    name: "project-path-with-space",
    title: "A project path with a space: the guard is found and the allowed call runs",
    projectName: "my project",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "exit 0" },
    compare: standardCompare,
  },
  {
    name: "project-path-with-at-comma-colon",
    title: "A project path with @ , and : the guard is found and the allowed call runs",
    projectName: "team@v2,a:b",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "exit 0" },
    compare: standardCompare,
  },
  // The shim's fail-closed rules (docs/shim.md): the reference is the rule, a blocked call.
  {
    name: "fail-closed-guard-missing",
    title: "The guard script does not exist: the call is denied",
    reference: "fail-closed",
    call: shellCall("touch m-ran"),
    hooks: [
      {
        event: "PreToolUse",
        matcher: "Bash",
        script: "guard",
        command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/missing.sh',
      },
    ],
    scripts: { guard: "exit 0" },
    compare: ["markers", "modelCalls"],
  },
  {
    name: "fail-closed-guard-not-executable",
    title: "The guard script is not executable: the call is denied",
    reference: "fail-closed",
    call: shellCall("touch m-ran"),
    hooks: [
      {
        event: "PreToolUse",
        matcher: "Bash",
        script: "guard",
        command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/plain.txt',
      },
    ],
    scripts: { guard: "exit 0" },
    compare: ["markers", "modelCalls"],
  },
  {
    name: "fail-closed-guard-garbage",
    title: "The guard prints text that is not JSON on PreToolUse: the call is denied",
    reference: "fail-closed",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "echo 'permissionDecision: allow maybe'" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "fail-closed-guard-crashes",
    title: "The guard dies by a signal (SIGSEGV): the call is denied",
    reference: "fail-closed",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "kill -SEGV $$" },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "fail-closed-guard-hangs",
    title: "The guard hangs: the shim's timeout denies before Gemini CLI's own timer",
    reference: "fail-closed",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard", timeout: 10 }],
    scripts: { guard: "sleep 60" },
    // The shim gets 4 s of Gemini CLI's 10 s, so that this checks its timeout and its reply
    // whatever the load; the margin convert writes is checked by the two scenarios below.
    patchGemini: (settings) => {
      for (const group of settings.hooks.BeforeTool) {
        for (const hook of group.hooks) {
          hook.command = hook.command.replace(/--timeout [0-9.]+ /, "--timeout 4 ");
        }
      }
    },
    compare: ["markers", "modelCalls", "guardRuns"],
  },
  {
    name: "fail-closed-agent-hooks-not-on-path",
    title: "agent-hooks is not on Gemini CLI's PATH: the call is denied",
    reference: "fail-closed",
    shim: "absent",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "exit 0" },
    compare: ["markers", "modelCalls"],
  },
  {
    name: "fail-closed-shim-broken-install",
    title: "The shim itself fails (node exits 1, its files are gone): the call is denied",
    reference: "fail-closed",
    shim: "broken",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "exit 0" },
    compare: ["markers", "modelCalls"],
  },
  {
    name: "fail-closed-shim-killed",
    title: "The shim is killed by a signal before it answers: the call is denied",
    reference: "fail-closed",
    shim: "killed",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard" }],
    scripts: { guard: "exit 0" },
    compare: ["markers", "modelCalls"],
  },
  {
    name: "host-timeout-kills-shim-no-orphans",
    title: "Gemini CLI's timer fires first and SIGTERMs the shim: no guard process survives",
    shim: "exec",
    survivors: true,
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard", timeout: 2 }],
    scripts: {
      guard: ['echo "$$" >> "$LOG/pids"', "sleep 120 &", 'echo "$!" >> "$LOG/pids"', "wait"].join(
        "\n",
      ),
    },
    // agent-hooks' runner gets 2 s; in Gemini CLI the shim's own timeout is raised to 60 s so
    // that Gemini CLI's timer (5 s, time enough for the guard to start) ends the run.
    patchGemini: (settings) => {
      for (const group of settings.hooks.BeforeTool) {
        for (const hook of group.hooks) {
          hook.command = hook.command.replace(/--timeout [0-9.]+ /, "--timeout 60 ");
          hook.timeout = 5000;
        }
      }
    },
    compare: ["survivors", "markers"],
  },
  {
    name: "timeout-slow-start-fails-closed",
    title: "Node starts 1.5 s late (as under load), the guard hangs ignoring SIGTERM: still denied",
    reference: "fail-closed",
    shim: "slow-start",
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard", timeout: 5 }],
    scripts: { guard: "trap '' TERM\nsleep 30" },
    compare: ["markers", "modelCalls"],
  },
  {
    name: "timeout-under-load-fails-closed",
    title: "A hanging guard that ignores SIGTERM, with CPU hogs running: still denied",
    reference: "fail-closed",
    shim: "exec",
    load: true,
    call: shellCall("touch m-ran"),
    hooks: [{ event: "PreToolUse", matcher: "Bash", script: "guard", timeout: 5 }],
    scripts: { guard: "trap '' TERM\nsleep 30" },
    compare: ["markers", "modelCalls"],
  },
];
