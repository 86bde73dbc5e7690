// The Claude Code scenarios: each row of docs/claude.md's "Exit codes and stdout" and "Output
// fields", every handler field and matcher form, Stop, and real-world shapes. A hook appends its
// name to the runs log when it runs; needles are the texts whose arrival at the model is compared.
import { quoteForShell } from "./run-scenario.mjs";

/** @typedef {import("./run-scenario.mjs").Scenario} Scenario */
/** @typedef {import("./run-scenario.mjs").ScenarioPaths} ScenarioPaths */

/**
 * A command hook that records its run under `name`, then runs `body`.
 * @param {ScenarioPaths} paths
 * @param {string} name
 * @param {string} body
 * @param {object} [fields] more handler fields (timeout, if, …)
 */
function hook(paths, name, body, fields = {}) {
  return {
    type: "command",
    command: `echo ${name} >> ${quoteForShell(paths.log)}; ${body}`,
    ...fields,
  };
}

/**
 * A shell fragment that prints a JSON document on stdout.
 * @param {object} document
 */
function printJson(document) {
  return `printf '%s\\n' ${quoteForShell(JSON.stringify(document))}`;
}

/**
 * Settings with one matcher group for an event.
 * @param {string} event
 * @param {string | undefined} matcher
 * @param {object[]} handlers
 */
function settingsFor(event, matcher, handlers) {
  const group = matcher === undefined ? { hooks: handlers } : { matcher, hooks: handlers };
  return { hooks: { [event]: [group] } };
}

/**
 * A PreToolUse scenario on Bash whose one hook runs `body`.
 * @param {string} name
 * @param {string} title
 * @param {(paths: ScenarioPaths) => string} body
 * @param {string[]} needles
 * @param {Partial<Scenario>} [more]
 * @returns {Scenario}
 */
function preToolUse(name, title, body, needles, more = {}) {
  return {
    name,
    title,
    settings: (paths) => settingsFor("PreToolUse", "Bash", [hook(paths, "pre", body(paths))]),
    needles,
    ...more,
  };
}

/**
 * A scenario on another event whose one hook runs `body`.
 * @param {string} event
 * @param {string} name
 * @param {string} title
 * @param {(paths: ScenarioPaths) => string} body
 * @param {string[]} needles
 * @param {Partial<Scenario>} [more]
 * @returns {Scenario}
 */
function onEvent(event, name, title, body, needles, more = {}) {
  const matcher = event === "PostToolUse" ? "Bash" : undefined;
  return {
    name,
    title,
    settings: (paths) => settingsFor(event, matcher, [hook(paths, "hook", body(paths))]),
    needles,
    ...more,
  };
}

/**
 * A matcher scenario: a deny hook on PreToolUse under `matcher` (undefined: no matcher field).
 * @param {string} name
 * @param {string | undefined} matcher
 * @returns {Scenario}
 */
function matcherScenario(name, matcher) {
  return {
    name,
    title: `matcher ${matcher === undefined ? "omitted" : JSON.stringify(matcher)} on a Bash call`,
    settings: (paths) =>
      settingsFor("PreToolUse", matcher, [
        hook(paths, "pre", "echo MATCHED-DENY-NEEDLE >&2; exit 2"),
      ]),
    needles: ["MATCHED-DENY-NEEDLE"],
  };
}

const denyDocument = (/** @type {string} */ reason) => ({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  },
});

/**
 * A script turn list whose Bash call does not create the marker (so only a rewrite can).
 * @param {ScenarioPaths} paths
 * @returns {import("./fake-anthropic-server.mjs").ScriptedTurn[]}
 */
function originalCommandTurns(paths) {
  return [
    {
      kind: "tool",
      name: "Bash",
      input: {
        command: `echo original > ${quoteForShell(`${paths.root}/original.txt`)}`,
        description: "Original",
      },
    },
    { kind: "text", text: "final answer" },
  ];
}

/**
 * A hook body that blocks a Stop once: the first run blocks with `block`, later runs allow.
 * @param {ScenarioPaths} paths
 * @param {string} block
 */
function blockOnce(paths, block) {
  const flag = quoteForShell(`${paths.root}/stop-blocked-once`);
  return `if [ -e ${flag} ]; then exit 0; fi; touch ${flag}; ${block}`;
}

/** @type {Scenario[]} */
export const scenarios = [
  // Exit codes and stdout (PreToolUse).
  preToolUse(
    "exit-0-plain-stdout-ignored",
    "exit 0 with plain stdout on PreToolUse: ignored, the tool runs",
    () => "echo PLAIN-NEEDLE",
    ["PLAIN-NEEDLE"],
  ),
  preToolUse(
    "exit-2-stderr-denies",
    "exit 2 with stderr: the call is blocked and stderr reaches the model",
    () => "echo EXIT2-NEEDLE >&2; exit 2",
    ["EXIT2-NEEDLE"],
  ),
  preToolUse(
    "exit-2-empty-stderr",
    "exit 2 with empty stderr: blocked, and the model gets Claude Code's own text",
    () => "exit 2",
    ["No stderr output"],
  ),
  preToolUse(
    "exit-2-ignores-stdout-json",
    "exit 2 with an allow JSON on stdout: stdout is ignored, the call is blocked",
    () =>
      `${printJson({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })}; echo EXIT2-JSON-NEEDLE >&2; exit 2`,
    ["EXIT2-JSON-NEEDLE"],
  ),
  preToolUse(
    "exit-1-non-blocking",
    "exit 1 with stderr: a non-blocking error, the tool runs",
    () => "echo EXIT1-NEEDLE >&2; exit 1",
    ["EXIT1-NEEDLE"],
  ),
  preToolUse(
    "exit-3-non-blocking",
    "exit 3 with a deny JSON on stdout: the JSON is read, the call is denied",
    () => `${printJson(denyDocument("EXIT3-NEEDLE"))}; exit 3`,
    ["EXIT3-NEEDLE"],
  ),
  preToolUse(
    "exit-1-json-context",
    "exit 1 with additionalContext JSON on stdout: the context reaches the model",
    () =>
      `${printJson({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "EXIT1-CONTEXT-NEEDLE" } })}; exit 1`,
    ["EXIT1-CONTEXT-NEEDLE"],
  ),
  preToolUse(
    "exit-1-json-continue-false",
    "exit 1 with continue false on stdout: the tool runs, then the turn ends",
    () => `${printJson({ continue: false, stopReason: "EXIT1-STOP-NEEDLE" })}; exit 1`,
    ["EXIT1-STOP-NEEDLE"],
  ),
  preToolUse(
    "exit-1-plain-stdout-ignored",
    "exit 1 with plain stdout: ignored, a non-blocking error",
    // The needle is assembled at run time, so the command text does not carry it.
    () => "printf '%s-%s\\n' EXIT1-PLAIN NEEDLE; exit 1",
    ["EXIT1-PLAIN-NEEDLE"],
  ),
  preToolUse(
    "exit-signal-json-deny",
    "a deny JSON on stdout, then killed by SIGKILL: read as on exit 1, the call is denied",
    () => `${printJson(denyDocument("SIGNAL-DENY-NEEDLE"))}; kill -KILL $$`,
    ["SIGNAL-DENY-NEEDLE"],
  ),
  preToolUse(
    "missing-script-127",
    "a missing hook script (exit 127): non-blocking, the tool runs",
    () => '"$CLAUDE_PROJECT_DIR"/.claude/hooks/missing.sh',
    [],
  ),
  preToolUse(
    "invalid-json-stdout",
    "exit 0 with stdout that starts like JSON but is not: the tool runs",
    () => "echo '{not json MALFORMED-NEEDLE'",
    ["MALFORMED-NEEDLE"],
  ),
  // Output fields (PreToolUse).
  preToolUse(
    "json-deny-reason",
    "permissionDecision deny: blocked, the reason reaches the model",
    () => printJson(denyDocument("DENY-REASON-NEEDLE")),
    ["DENY-REASON-NEEDLE"],
  ),
  preToolUse(
    "json-allow",
    "permissionDecision allow: the tool runs",
    () =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          permissionDecisionReason: "ALLOW-NEEDLE",
        },
      }),
    ["ALLOW-NEEDLE"],
  ),
  preToolUse(
    "json-ask-headless",
    "permissionDecision ask in headless -p: what the model gets",
    () =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "ask",
          permissionDecisionReason: "ASK-NEEDLE",
        },
      }),
    ["ASK-NEEDLE"],
  ),
  preToolUse(
    "legacy-decision-block",
    "legacy top-level decision block with reason: a deny",
    () => printJson({ decision: "block", reason: "LEGACY-BLOCK-NEEDLE" }),
    ["LEGACY-BLOCK-NEEDLE"],
  ),
  preToolUse(
    "legacy-decision-approve",
    "legacy top-level decision approve: an allow, the tool runs",
    () => printJson({ decision: "approve", reason: "LEGACY-APPROVE-NEEDLE" }),
    ["LEGACY-APPROVE-NEEDLE"],
  ),
  preToolUse(
    "updated-input-with-allow",
    "updatedInput with allow: the rewritten command runs",
    (paths) =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: `touch ${quoteForShell(paths.marker)}` },
        },
      }),
    [],
    { turns: originalCommandTurns },
  ),
  preToolUse(
    "updated-input-without-decision",
    "updatedInput without permissionDecision: Claude Code applies the rewrite",
    (paths) =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          updatedInput: { command: `touch ${quoteForShell(paths.marker)}` },
        },
      }),
    [],
    { turns: originalCommandTurns },
  ),
  preToolUse(
    "updated-input-with-deny",
    "updatedInput with deny: the deny stands",
    (paths) =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "REWRITE-DENY-NEEDLE",
          updatedInput: { command: `touch ${quoteForShell(paths.marker)}` },
        },
      }),
    ["REWRITE-DENY-NEEDLE"],
  ),
  preToolUse(
    "continue-false-without-decision",
    "continue false with no decision: the tool runs, then the turn ends",
    () => printJson({ continue: false, stopReason: "STOP-REASON-NEEDLE" }),
    ["STOP-REASON-NEEDLE"],
  ),
  preToolUse(
    "continue-false-with-deny",
    "continue false beside a deny: the deny holds, then the turn ends",
    () =>
      printJson({
        continue: false,
        stopReason: "STOP-REASON-NEEDLE",
        ...denyDocument("CONTINUE-DENY-NEEDLE"),
      }),
    ["STOP-REASON-NEEDLE", "CONTINUE-DENY-NEEDLE"],
  ),
  preToolUse(
    "additional-context",
    "additionalContext on PreToolUse reaches the model",
    () =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          additionalContext: "PRE-CONTEXT-NEEDLE",
        },
      }),
    ["PRE-CONTEXT-NEEDLE"],
  ),
  preToolUse(
    "system-message",
    "systemMessage is for the user, not the model",
    () => printJson({ systemMessage: "SYSTEM-MESSAGE-NEEDLE" }),
    ["SYSTEM-MESSAGE-NEEDLE"],
  ),
  preToolUse(
    "suppress-output",
    "suppressOutput true alone: nothing changes, the tool runs",
    () => printJson({ suppressOutput: true }),
    [],
  ),
  preToolUse(
    "unknown-field-ignored",
    "an unknown top-level field beside a deny: the deny applies",
    () => printJson({ somethingElse: 1, ...denyDocument("UNKNOWN-FIELD-NEEDLE") }),
    ["UNKNOWN-FIELD-NEEDLE"],
  ),
  preToolUse(
    "payload-on-stdin",
    "the hook reads tool_input.command from its stdin payload and denies on it",
    () => `grep -q 'marker file' && { echo PAYLOAD-NEEDLE >&2; exit 2; }; exit 0`,
    ["PAYLOAD-NEEDLE"],
  ),
  // PostToolUse.
  onEvent(
    "PostToolUse",
    "post-decision-block",
    "PostToolUse decision block: the reason reaches the model",
    () => printJson({ decision: "block", reason: "POST-BLOCK-NEEDLE" }),
    ["POST-BLOCK-NEEDLE"],
  ),
  onEvent(
    "PostToolUse",
    "post-exit-2",
    "PostToolUse exit 2: stderr reaches the model",
    () => "echo POST-EXIT2-NEEDLE >&2; exit 2",
    ["POST-EXIT2-NEEDLE"],
  ),
  onEvent(
    "PostToolUse",
    "post-exit-1",
    "PostToolUse exit 1: non-blocking",
    () => "echo POST-EXIT1-NEEDLE >&2; exit 1",
    ["POST-EXIT1-NEEDLE"],
  ),
  onEvent(
    "PostToolUse",
    "post-exit-1-json-block",
    "PostToolUse exit 1 with a JSON block: the reason reaches the model",
    () => `${printJson({ decision: "block", reason: "POST-EXIT1-JSON-NEEDLE" })}; exit 1`,
    ["POST-EXIT1-JSON-NEEDLE"],
  ),
  onEvent(
    "PostToolUse",
    "post-additional-context",
    "PostToolUse additionalContext reaches the model",
    () =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          additionalContext: "POST-CONTEXT-NEEDLE",
        },
      }),
    ["POST-CONTEXT-NEEDLE"],
  ),
  onEvent(
    "PostToolUse",
    "post-continue-false",
    "PostToolUse continue false: the turn ends after the tool",
    () => printJson({ continue: false, stopReason: "POST-STOP-NEEDLE" }),
    ["POST-STOP-NEEDLE"],
  ),
  // UserPromptSubmit and SessionStart.
  onEvent(
    "UserPromptSubmit",
    "prompt-plain-stdout-context",
    "UserPromptSubmit plain stdout becomes context",
    () => "echo PROMPT-PLAIN-NEEDLE",
    ["PROMPT-PLAIN-NEEDLE"],
  ),
  onEvent(
    "UserPromptSubmit",
    "prompt-additional-context",
    "UserPromptSubmit additionalContext reaches the model",
    () =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "UserPromptSubmit",
          additionalContext: "PROMPT-CONTEXT-NEEDLE",
        },
      }),
    ["PROMPT-CONTEXT-NEEDLE"],
  ),
  onEvent(
    "UserPromptSubmit",
    "prompt-exit-2",
    "UserPromptSubmit exit 2: the prompt is blocked, no model call",
    () => "echo PROMPT-EXIT2-NEEDLE >&2; exit 2",
    ["PROMPT-EXIT2-NEEDLE"],
  ),
  onEvent(
    "UserPromptSubmit",
    "prompt-decision-block",
    "UserPromptSubmit decision block: no model call",
    () => printJson({ decision: "block", reason: "PROMPT-BLOCK-NEEDLE" }),
    ["PROMPT-BLOCK-NEEDLE"],
  ),
  onEvent(
    "UserPromptSubmit",
    "prompt-exit-2-with-json",
    "UserPromptSubmit exit 2 with a JSON block on stdout",
    () =>
      `${printJson({ decision: "block", reason: "PROMPT-JSON-NEEDLE" })}; echo PROMPT-STDERR-NEEDLE >&2; exit 2`,
    ["PROMPT-JSON-NEEDLE", "PROMPT-STDERR-NEEDLE"],
  ),
  onEvent(
    "SessionStart",
    "session-start-plain-stdout",
    "SessionStart plain stdout becomes context",
    () => "echo SESSION-PLAIN-NEEDLE",
    ["SESSION-PLAIN-NEEDLE"],
  ),
  onEvent(
    "SessionStart",
    "session-start-additional-context",
    "SessionStart additionalContext reaches the model",
    () =>
      printJson({
        hookSpecificOutput: {
          hookEventName: "SessionStart",
          additionalContext: "SESSION-CONTEXT-NEEDLE",
        },
      }),
    ["SESSION-CONTEXT-NEEDLE"],
  ),
  // Stop.
  onEvent(
    "Stop",
    "stop-block-once",
    "Stop decision block once: Claude keeps working with the reason",
    (paths) => blockOnce(paths, printJson({ decision: "block", reason: "STOP-BLOCK-NEEDLE" })),
    ["STOP-BLOCK-NEEDLE"],
  ),
  onEvent(
    "Stop",
    "stop-exit-2-once",
    "Stop exit 2 once: stderr is the instruction",
    (paths) => blockOnce(paths, "echo STOP-EXIT2-NEEDLE >&2; exit 2"),
    ["STOP-EXIT2-NEEDLE"],
  ),
  onEvent(
    "Stop",
    "stop-exit-2-empty-stderr",
    "Stop exit 2 with empty stderr, once",
    (paths) => blockOnce(paths, "exit 2"),
    ["No stderr output"],
  ),
  onEvent(
    "Stop",
    "stop-exit-2-with-json",
    "Stop exit 2 with a JSON block on stdout, once",
    (paths) =>
      blockOnce(
        paths,
        // The stderr needle is assembled at run time: Claude Code quotes the command to the model.
        `${printJson({ decision: "block", reason: "STOP-JSON-NEEDLE" })}; printf '%s-%s\\n' STOP-STDERR NEEDLE >&2; exit 2`,
      ),
    ["STOP-JSON-NEEDLE", "STOP-STDERR-NEEDLE"],
  ),
  onEvent(
    "Stop",
    "stop-exit-1-json-block",
    "Stop exit 1 with a JSON block on stdout, once: the JSON keeps the turn going",
    (paths) =>
      blockOnce(paths, `${printJson({ decision: "block", reason: "STOP-EXIT1-NEEDLE" })}; exit 1`),
    ["STOP-EXIT1-NEEDLE"],
  ),
  onEvent(
    "Stop",
    "stop-hook-active-guard",
    "a Stop hook guarded by stop_hook_active blocks once",
    () =>
      `if grep -q '"stop_hook_active": *true'; then exit 0; fi; ${printJson({ decision: "block", reason: "STOP-ACTIVE-NEEDLE" })}`,
    ["STOP-ACTIVE-NEEDLE"],
  ),
  onEvent(
    "Stop",
    "stop-continue-false",
    "Stop continue false: the turn ends as it would",
    () => printJson({ continue: false, stopReason: "STOP-CONTINUE-NEEDLE" }),
    ["STOP-CONTINUE-NEEDLE"],
  ),
  // Matchers.
  matcherScenario("matcher-exact", "Bash"),
  matcherScenario("matcher-exact-prefix-only", "Bas"),
  matcherScenario("matcher-exact-case", "bash"),
  matcherScenario("matcher-alternatives", "Write|Bash"),
  matcherScenario("matcher-regex", "^B.sh$"),
  matcherScenario("matcher-regex-unanchored", "as"),
  matcherScenario("matcher-star", "*"),
  matcherScenario("matcher-empty", ""),
  matcherScenario("matcher-omitted", undefined),
  matcherScenario("matcher-mcp-name", "mcp__github__.*"),
  // Handler fields.
  {
    name: "handler-timeout",
    title: "a hook past its timeout (1 s) is non-blocking: the tool runs",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [
        hook(paths, "pre", `sleep 4; ${printJson(denyDocument("TIMEOUT-NEEDLE"))}`, { timeout: 1 }),
      ]),
    needles: ["TIMEOUT-NEEDLE"],
  },
  {
    name: "handler-if-matches",
    title: "an if rule that matches the command: the hook runs and denies",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [
        hook(paths, "pre", "echo IF-NEEDLE >&2; exit 2", { if: "Bash(touch *)" }),
      ]),
    needles: ["IF-NEEDLE"],
  },
  {
    name: "handler-if-does-not-match",
    title: "an if rule that does not match: the hook does not run",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [
        hook(paths, "pre", "echo IF-NEEDLE >&2; exit 2", { if: "Bash(git *)" }),
      ]),
    needles: ["IF-NEEDLE"],
  },
  {
    name: "handler-duplicate-runs-once",
    title: "the same command in two groups runs once",
    settings: (paths) => ({
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [hook(paths, "dup", "exit 0")] },
          { matcher: "*", hooks: [hook(paths, "dup", "exit 0")] },
        ],
      },
    }),
    needles: [],
  },
  {
    name: "handler-deny-beats-allow",
    title: "an allow and a deny on the same call: the deny wins",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [
        hook(
          paths,
          "allow",
          printJson({
            hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" },
          }),
        ),
        hook(paths, "deny", printJson(denyDocument("DENY-WINS-NEEDLE"))),
      ]),
    needles: ["DENY-WINS-NEEDLE"],
  },
  {
    name: "handler-exec-args",
    title: "a command with args (exec form, no shell) that exits 2",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [
        {
          type: "command",
          command: "/bin/sh",
          args: ["-c", `echo exec >> ${quoteForShell(paths.log)}; echo EXEC-NEEDLE >&2; exit 2`],
        },
      ]),
    needles: ["EXEC-NEEDLE"],
  },
  {
    name: "handler-other-event-matcher",
    title: "a deny hook for Write only: the Bash call runs",
    settings: (paths) =>
      settingsFor("PreToolUse", "Write|Edit", [
        hook(paths, "pre", "echo WRITE-NEEDLE >&2; exit 2"),
      ]),
    needles: ["WRITE-NEEDLE"],
  },
  // Shells, settings files, capture.
  preToolUse(
    "bash-only-syntax",
    "a command using [[ ]] (bash-only) that should deny",
    () => "if [[ 1 == 1 ]]; then echo BASH-SYNTAX-NEEDLE >&2; exit 2; fi",
    ["BASH-SYNTAX-NEEDLE"],
  ),
  preToolUse(
    "shell-is-sh",
    "the command's shell: a hook that denies only under bash",
    () => 'if [ -n "$BASH_VERSION" ]; then echo BASH-VERSION-NEEDLE >&2; exit 2; fi',
    ["BASH-VERSION-NEEDLE"],
  ),
  {
    name: "settings-with-comments",
    title: "a settings.json with // comments holding a deny hook",
    settings: (paths) =>
      `// project hooks\n${JSON.stringify(settingsFor("PreToolUse", "Bash", [hook(paths, "pre", "echo COMMENTS-NEEDLE >&2; exit 2")]), null, 2)}\n`,
    needles: ["COMMENTS-NEEDLE"],
  },
  // A deny hook in another settings layer: [name, the layer's field, title, the hook's name].
  ...[
    [
      "user-settings-hook",
      "userSettings",
      "a deny hook in ~/.claude/settings.json (user layer)",
      "user",
    ],
    ["local-settings-hook", "localSettings", "a deny hook in .claude/settings.local.json", "local"],
  ].map(([name, layer, title, hookName]) => {
    const needle = `${hookName.toUpperCase()}-NEEDLE`;
    return {
      name,
      title,
      settings: () => ({}),
      [layer]: (/** @type {ScenarioPaths} */ paths) =>
        settingsFor("PreToolUse", "Bash", [hook(paths, hookName, `echo ${needle} >&2; exit 2`)]),
      needles: [needle],
    };
  }),
  preToolUse(
    "cut-capture-pre-deny",
    "a deny whose hook leaves a child holding stdout open",
    () => `sleep 6 & ${printJson(denyDocument("CUT-DENY-NEEDLE"))}`,
    ["CUT-DENY-NEEDLE"],
  ),
  preToolUse(
    "cut-capture-pre-allow",
    "an allow whose hook leaves a child holding stdout open",
    () =>
      `sleep 6 & ${printJson({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })}`,
    ["went quiet"],
  ),
  onEvent(
    "Stop",
    "cut-capture-stop-block",
    "a Stop block whose hook leaves a child holding stdout open",
    (paths) =>
      blockOnce(paths, `sleep 6 & ${printJson({ decision: "block", reason: "CUT-STOP-NEEDLE" })}`),
    ["CUT-STOP-NEEDLE"],
  ),
  {
    name: "subfolder-launch",
    title: "launched in a subfolder of the project: the project's hooks",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [hook(paths, "pre", "echo SUBFOLDER-NEEDLE >&2; exit 2")]),
    launchSubdirectory: "packages/app",
    needles: ["SUBFOLDER-NEEDLE"],
  },
  {
    name: "path-with-spaces",
    title: "a project path with spaces and a script run through $CLAUDE_PROJECT_DIR",
    projectName: "my project, v2",
    settings: () =>
      settingsFor("PreToolUse", "Bash", [
        { type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' },
      ]),
    files: (paths) => ({
      ".claude/hooks/guard.sh": `#!/bin/sh\necho guard >> ${quoteForShell(paths.log)}\necho SPACES-NEEDLE >&2\nexit 2\n`,
    }),
    needles: ["SPACES-NEEDLE"],
  },
  {
    name: "project-dir-variable",
    title: "CLAUDE_PROJECT_DIR is the project root: the hook denies with it",
    settings: (paths) =>
      settingsFor("PreToolUse", "Bash", [
        hook(
          paths,
          "pre",
          `[ "$CLAUDE_PROJECT_DIR" = ${quoteForShell(paths.project)} ] && { echo PROJECT-DIR-NEEDLE >&2; exit 2; }; exit 0`,
        ),
      ]),
    needles: ["PROJECT-DIR-NEEDLE"],
  },
];
