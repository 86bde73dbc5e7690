// The Codex scenarios, as data. Three kinds:
// - "shim": a Claude Code configuration converted with `convert --shim --to codex`, run in Codex,
//   against what `dispatch --profile claude` decides on the equivalent Claude Code payload (or,
//   with reference "shim-rule", against the fail-closed rules of docs/shim.md);
// - "convert": the same configuration converted without `--shim`;
// - "zerocode": Codex-native hooks, against what `dispatch --profile zerocode` decides;
// - "codex": Codex's own configuration (`.codex/hooks.json`, `.codex/config.toml` or the user's
//   `~/.codex/config.toml` [hooks]), against what `dispatch --profile codex` decides on the same
//   files, found by its own discovery from where Codex was started.
// Hook scripts are POSIX sh (hookScript wraps each body; `$payload` holds stdin).

/**
 * @typedef {import("./fake-responses-server.mjs").ToolCall} ToolCall
 * @typedef {{ event: string, payload: Record<string, unknown> }} DispatchStep
 * @typedef {{
 *   name: string,
 *   title: string,
 *   kind: "shim" | "convert" | "zerocode" | "codex",
 *   settings: (paths: { projectDirectory: string }) => object,
 *   scripts: Record<string, string>,
 *   notExecutable?: string[],
 *   toolCall: ToolCall | null,
 *   toolMarker?: string,
 *   steps: (paths: { projectDirectory: string, launchDirectory: string }) => DispatchStep[],
 *   reference?: "dispatch" | "shim-rule",
 *   reasonReachesModel?: boolean,
 *   expectedRuns?: Record<string, number>,
 *   launchSubdirectory?: string,
 *   projectName?: string,
 *   agentHooksOnPath?: "wrapper" | "missing" | "broken",
 *   checkPayloads?: (payloads: unknown[]) => string[],
 *   configForm?: "hooks.json" | "config.toml" | "user-config.toml",
 *   trustProject?: boolean,
 * }} Scenario
 */

const toolCommand = "touch tool-ran.txt";
const rewrittenCommand = "touch rewritten.txt";

/** @param {unknown} value a JSON value printed by a hook script */
function say(value) {
  return `printf '%s\\n' '${JSON.stringify(value).replaceAll("'", "'\\''")}'`;
}

/**
 * `{"hookSpecificOutput": {"hookEventName": event, ...fields}}`: a hook's event-specific output.
 * @param {string} event
 * @param {Record<string, unknown>} fields
 */
function hookOutput(event, fields) {
  return { hookSpecificOutput: { hookEventName: event, ...fields } };
}

/** @param {string} reason a PreToolUse deny, in Claude Code's and Codex's shape */
function denyOutput(reason) {
  return hookOutput("PreToolUse", { permissionDecision: "deny", permissionDecisionReason: reason });
}

/** @param {string} reason */
function claudeDeny(reason) {
  return say(denyOutput(reason));
}

/**
 * A Stop hook's body: a block with `reason` unless the payload says stop_hook_active.
 * @param {string} reason
 */
function blockUnlessActive(reason) {
  return [
    'case "$payload" in',
    `  *'"stop_hook_active":true'*) exit 0 ;;`,
    "esac",
    say({ decision: "block", reason }),
  ].join("\n");
}

/**
 * One hook of a scenario's settings: `script` on `event`, under `matcher` if given.
 * @typedef {{ event: string, matcher?: string, script: string, timeout?: number }} HookEntry
 */

/**
 * A Claude Code settings object with one command hook per entry.
 * @param {"shim" | "convert"} kind
 * @param {HookEntry[]} entries
 */
function claudeSettings(kind, entries) {
  /** @type {Record<string, object[]>} */
  const hooks = {};
  for (const { event, matcher, script, timeout } of entries) {
    const command =
      kind === "shim"
        ? `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${script}.sh`
        : `.claude/hooks/${script}.sh`;
    const handler = { type: "command", command, ...(timeout === undefined ? {} : { timeout }) };
    const group = { ...(matcher === undefined ? {} : { matcher }), hooks: [handler] };
    hooks[event] = [...(hooks[event] ?? []), group];
  }
  return { hooks };
}

/**
 * Codex's own hooks.json, with each command the script's absolute path.
 * @param {string} projectDirectory
 * @param {HookEntry[]} entries
 */
function codexHooks(projectDirectory, entries) {
  /** @type {Record<string, object[]>} */
  const hooks = {};
  for (const { event, matcher, script } of entries) {
    const command = `'${projectDirectory}/.codex/hooks/${script}.sh'`;
    const group = {
      ...(matcher === undefined ? {} : { matcher }),
      hooks: [{ type: "command", command }],
    };
    hooks[event] = [...(hooks[event] ?? []), group];
  }
  return { hooks };
}

/** @param {string} cwd @param {string} event */
function claudeBase(cwd, event) {
  return {
    session_id: "conformance-session",
    transcript_path: null,
    cwd,
    permission_mode: "default",
    hook_event_name: event,
  };
}

/** @param {string} cwd @param {string} command */
function claudeBash(cwd, command) {
  return {
    ...claudeBase(cwd, "PreToolUse"),
    tool_name: "Bash",
    tool_input: { command, description: "scripted" },
    tool_use_id: "toolu_conformance",
  };
}

/** @param {string} cwd @param {string} event */
function codexBase(cwd, event) {
  return {
    session_id: "conformance-session",
    turn_id: "conformance-turn",
    transcript_path: null,
    cwd,
    hook_event_name: event,
    model: "gpt-5.5",
    permission_mode: "bypassPermissions",
  };
}

/** @param {string} cwd @param {string} command */
function codexBash(cwd, command) {
  return {
    ...codexBase(cwd, "PreToolUse"),
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "call_conformance_1",
  };
}

/**
 * A Claude Code Bash guard converted with --shim (kind "shim") or without (kind "convert");
 * `extra.hookScript` and `extra.timeout` change its hook's script (not the scripts written) and
 * timeout (30 s).
 * @param {"shim" | "convert"} kind
 * @param {string} name
 * @param {string} title
 * @param {string} body
 * @param {Partial<Scenario> & { hookScript?: string, timeout?: number }} [extra]
 * @returns {Scenario}
 */
function bashGuard(kind, name, title, body, extra = {}) {
  const { hookScript = "guard", timeout = 30, ...rest } = extra;
  return {
    name,
    title,
    kind,
    settings: () =>
      claudeSettings(kind, [{ event: "PreToolUse", matcher: "Bash", script: hookScript, timeout }]),
    scripts: { guard: body },
    toolCall: { type: "exec", command: toolCommand },
    steps: ({ launchDirectory }) => [
      { event: "PreToolUse", payload: claudeBash(launchDirectory, toolCommand) },
    ],
    ...rest,
  };
}

/**
 * A Codex-native PreToolUse (or PostToolUse) hook on Bash printing `stdout`, against ZeroCode.
 * @param {string} name
 * @param {string} title
 * @param {string} event
 * @param {unknown} stdout
 * @param {Partial<Scenario>} [extra]
 * @returns {Scenario}
 */
function nativeHook(name, title, event, stdout, extra = {}) {
  return {
    name,
    title,
    kind: "zerocode",
    settings: ({ projectDirectory }) =>
      codexHooks(projectDirectory, [{ event, matcher: "^Bash$", script: "native" }]),
    scripts: { native: say(stdout) },
    toolCall: { type: "exec", command: toolCommand },
    steps: ({ launchDirectory }) => [
      event === "PreToolUse"
        ? { event, payload: codexBash(launchDirectory, toolCommand) }
        : {
            event,
            payload: {
              ...codexBash(launchDirectory, toolCommand),
              hook_event_name: event,
              tool_response: "",
            },
          },
    ],
    ...extra,
  };
}

/** The fields each event adds to the common payload when a scenario dispatches it alone. */
const eventFields = {
  Stop: { stop_hook_active: false, last_assistant_message: "done" },
  UserPromptSubmit: { prompt: "Run the scripted tool call." },
  SessionStart: { source: "startup" },
};

/**
 * A scenario with no tool call whose one hook, on a session or turn event, runs `body`: Claude
 * Code's settings through the shim (kind "shim") or Codex's own hooks.json (kind "codex").
 * @param {"shim" | "codex"} kind
 * @param {HookEntry & { event: keyof typeof eventFields }} hook
 * @param {string} name
 * @param {string} title
 * @param {string} body
 * @param {Partial<Scenario>} [extra]
 * @returns {Scenario}
 */
function eventHook(kind, hook, name, title, body, extra = {}) {
  const base = kind === "shim" ? claudeBase : codexBase;
  return {
    name,
    title,
    kind,
    settings: ({ projectDirectory }) =>
      kind === "shim" ? claudeSettings("shim", [hook]) : codexHooks(projectDirectory, [hook]),
    scripts: { [hook.script]: body },
    toolCall: null,
    steps: ({ launchDirectory }) => [
      {
        event: hook.event,
        payload: { ...base(launchDirectory, hook.event), ...eventFields[hook.event] },
      },
    ],
    ...extra,
  };
}

/**
 * The event scenarios both the shim and Codex's own configuration are checked on: a Stop block
 * that keeps the turn going once, then UserPromptSubmit's plain stdout and SessionStart's
 * additionalContext reaching the model.
 * @param {"shim" | "codex"} kind
 * @param {{ promptName: string, sessionMatcher?: string, stopReason: string,
 *   promptContext: string, sessionContext: string }} facts the prompt scenario's name after
 *   `<kind>-`, the SessionStart matcher, and the texts
 * @returns {Scenario[]}
 */
function createEventScenarios(kind, facts) {
  const { promptName, sessionMatcher, stopReason, promptContext, sessionContext } = facts;
  return [
    eventHook(
      kind,
      { event: "Stop", script: "stop" },
      `${kind}-stop-block-continues`,
      "a Stop block keeps the turn going with its reason, once (stop_hook_active)",
      blockUnlessActive(stopReason),
      // Blocked once, then run again with stop_hook_active true.
      { expectedRuns: { stop: 2 } },
    ),
    eventHook(
      kind,
      { event: "UserPromptSubmit", script: "prompt" },
      `${kind}-${promptName}`,
      "UserPromptSubmit plain stdout reaches the model as context",
      `echo ${promptContext}`,
    ),
    eventHook(
      kind,
      {
        event: "SessionStart",
        ...(sessionMatcher !== undefined && { matcher: sessionMatcher }),
        script: "start",
      },
      `${kind}-session-start-context`,
      "SessionStart additionalContext reaches the model",
      say(hookOutput("SessionStart", { additionalContext: sessionContext })),
    ),
  ];
}

const envPatch = "*** Begin Patch\n*** Add File: .env\n+SECRET=conformance\n*** End Patch\n";
const notesPatch = "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch\n";
const envGuard = [
  'case "$payload" in',
  `  *'"file_path":"'*'.env"'*) ${claudeDeny("R-no-env-files")} ;;`,
  "esac",
].join("\n");

/** @param {string} name @param {string} title @param {string} patch @param {string} file */
function patchScenario(name, title, patch, file) {
  const content = patch
    .split("\n")
    .filter((line) => line.startsWith("+"))
    .map((line) => `${line.slice(1)}\n`)
    .join("");
  return /** @type {Scenario} */ ({
    name,
    title,
    kind: "shim",
    settings: () =>
      claudeSettings("shim", [
        { event: "PreToolUse", matcher: "Edit|Write", script: "edit-guard", timeout: 30 },
      ]),
    scripts: { "edit-guard": envGuard },
    toolCall: { type: "patch", patch },
    toolMarker: file,
    steps: ({ launchDirectory }) => [
      {
        event: "PreToolUse",
        payload: {
          ...claudeBase(launchDirectory, "PreToolUse"),
          tool_name: "Write",
          tool_input: { file_path: `${launchDirectory}/${file}`, content },
          tool_use_id: "toolu_conformance",
        },
      },
    ],
  });
}

/**
 * A hook on Codex's own configuration, against the codex profile: `event` hooks matching
 * `matcher` print `stdout` (or run `extra.scripts`).
 * @param {string} name
 * @param {string} title
 * @param {string} event
 * @param {unknown} stdout
 * @param {Partial<Scenario> & { matcher?: string, handler?: Record<string, unknown> }} [extra]
 * @returns {Scenario}
 */
function codexNative(name, title, event, stdout, extra = {}) {
  const { matcher = "^Bash$", handler = {}, ...rest } = extra;
  return {
    ...nativeHook(name, title, event, stdout, rest),
    kind: "codex",
    settings: ({ projectDirectory }) => {
      const hooks = codexHooks(projectDirectory, [{ event, matcher, script: "native" }]);
      const [group] = /** @type {any} */ (hooks.hooks[event]);
      Object.assign(group.hooks[0], handler);
      return hooks;
    },
    ...rest,
  };
}

/** @param {string} launchDirectory @param {string} patch */
function codexPatchPayload(launchDirectory, patch) {
  return {
    ...codexBase(launchDirectory, "PreToolUse"),
    tool_name: "apply_patch",
    tool_input: { command: patch },
    tool_use_id: "call_conformance_1",
  };
}

/**
 * What is wrong with each payload's fields: `fieldsOf(event)` gives the keys an event's payload
 * must have and may have, or null when the event has no payload row.
 * @param {unknown[]} payloads
 * @param {(event: string) => { required: Set<string>, allowed: Set<string> } | null} fieldsOf
 */
function listPayloadMismatches(payloads, fieldsOf) {
  const mismatches = [];
  for (const payload of payloads) {
    const record = /** @type {Record<string, unknown>} */ (payload);
    const event = String(record?.hook_event_name);
    const fields = fieldsOf(event);
    if (fields === null) {
      mismatches.push(`${event} has no payload row`);
      continue;
    }
    const got = Object.keys(record ?? {});
    const extra = got.filter((key) => !fields.allowed.has(key));
    const missing = [...fields.required].filter((key) => !got.includes(key));
    if (extra.length > 0) mismatches.push(`${event} payload has ${extra.join(", ")}`);
    if (missing.length > 0) mismatches.push(`${event} payload lacks ${missing.join(", ")}`);
  }
  return mismatches;
}

/**
 * A scenario that runs one real Codex turn through `hooks` (each script empty, each run once) and
 * checks the payloads they were given with `checkPayloads`.
 * @param {"zerocode" | "codex"} kind
 * @param {string} name
 * @param {string} title
 * @param {HookEntry[]} hooks
 * @param {(payloads: unknown[]) => string[]} checkPayloads
 * @param {{ toolCall?: ToolCall, toolMarker?: string }} [tool] the model's call (a Bash command)
 * @returns {Scenario}
 */
function payloadScenario(kind, name, title, hooks, checkPayloads, tool = {}) {
  const { toolCall = { type: "exec", command: toolCommand }, toolMarker } = tool;
  return {
    name,
    title,
    kind,
    settings: ({ projectDirectory }) => codexHooks(projectDirectory, hooks),
    scripts: Object.fromEntries(hooks.map(({ script }) => [script, ""])),
    toolCall,
    ...(toolMarker !== undefined && { toolMarker }),
    steps: () => [],
    expectedRuns: Object.fromEntries(hooks.map(({ script }) => [script, 1])),
    checkPayloads,
  };
}

/** One hook on each event of a turn with a Bash call. */
const turnHooks = [
  { event: "SessionStart", script: "session-start" },
  { event: "UserPromptSubmit", script: "prompt" },
  { event: "PreToolUse", matcher: "^Bash$", script: "pre" },
  { event: "PostToolUse", matcher: "^Bash$", script: "post" },
  { event: "Stop", script: "stop" },
];

/**
 * The output rules of Codex's hooks that both native kinds are checked on (the ZeroCode profile and
 * the codex profile), by name: from a row's tokens, the event (PreToolUse unless named), what the
 * hook prints (null: it runs `extra.scripts`) and more scenario fields.
 * @type {Record<string, (...tokens: string[]) => { event?: string, stdout: unknown,
 *   extra?: Partial<Scenario> }>}
 */
const outputRules = {
  "deny-with-reason": (reason) => ({ stdout: denyOutput(reason) }),
  "unknown-field": (reason) => ({ stdout: { conformanceExtra: true, ...denyOutput(reason) } }),
  "missing-event-name": (reason) => ({
    stdout: {
      hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: reason },
    },
  }),
  "deny-empty-reason": (context) => ({
    stdout: hookOutput("PreToolUse", {
      permissionDecision: "deny",
      permissionDecisionReason: "",
      additionalContext: context,
    }),
  }),
  "block-empty-reason": (context) => ({
    event: "PostToolUse",
    stdout: { decision: "block", ...hookOutput("PostToolUse", { additionalContext: context }) },
    extra: { reasonReachesModel: false },
  }),
  "allow-without-rewrite": (context) => ({
    stdout: hookOutput("PreToolUse", { permissionDecision: "allow", additionalContext: context }),
  }),
  "rewrite-applies": () => ({
    stdout: hookOutput("PreToolUse", {
      permissionDecision: "allow",
      updatedInput: { command: rewrittenCommand },
    }),
  }),
  ask: (reason) => ({
    stdout: hookOutput("PreToolUse", {
      permissionDecision: "ask",
      permissionDecisionReason: reason,
    }),
    extra: { reasonReachesModel: false },
  }),
  "suppress-output-true-with-deny": (reason) => ({
    stdout: { suppressOutput: true, ...denyOutput(reason) },
  }),
  "suppress-output-false-with-deny": (reason) => ({
    stdout: { suppressOutput: false, ...denyOutput(reason) },
  }),
  "continue-true-with-deny": (reason) => ({ stdout: { continue: true, ...denyOutput(reason) } }),
  "continue-false-with-deny": (reason) => ({ stdout: { continue: false, ...denyOutput(reason) } }),
  "legacy-block": (reason) => ({ stdout: { decision: "block", reason } }),
  "exit-2-stderr": (reason) => ({
    stdout: null,
    extra: { scripts: { native: `echo ${reason} >&2; exit 2` } },
  }),
  "exit-2-empty-stderr": () => ({
    stdout: null,
    extra: { scripts: { native: "exit 2" }, reasonReachesModel: false },
  }),
  "exit-1-non-blocking": () => ({
    stdout: null,
    extra: { scripts: { native: "echo oops >&2; exit 1" } },
  }),
  "reason-without-decision": (reason, context) => ({
    stdout: { reason, ...hookOutput("PreToolUse", { additionalContext: context }) },
  }),
  "permission-reason-without-decision": (reason, context) => ({
    stdout: hookOutput("PreToolUse", {
      permissionDecisionReason: reason,
      additionalContext: context,
    }),
  }),
  "post-reason-without-decision": (reason, context) => ({
    event: "PostToolUse",
    stdout: { reason, ...hookOutput("PostToolUse", { additionalContext: context }) },
  }),
  "subfolder-launch": (reason) => ({
    stdout: denyOutput(reason),
    extra: { launchSubdirectory: "packages/app" },
  }),
};

/**
 * The scenarios of output rules for a native kind, named `<kind>-<rule>`, one per row:
 * `[rule, title, ...tokens]`.
 * @param {"zerocode" | "codex"} kind
 * @param {string[][]} rows
 * @returns {Scenario[]}
 */
function createRuleScenarios(kind, rows) {
  const build = kind === "zerocode" ? nativeHook : codexNative;
  return rows.map(([rule = "", title = "", ...tokens]) => {
    const {
      event = "PreToolUse",
      stdout,
      extra,
    } = /** @type {any} */ (outputRules)[rule](...tokens);
    return build(`${kind}-${rule}`, title, event, stdout, extra);
  });
}

const { codexProfile } = await import(
  new URL("../../dist/profiles/codex.js", import.meta.url).href
);

/** @type {Scenario[]} */
const codexScenarios = [
  ...createRuleScenarios("codex", [
    ["deny-with-reason", "a deny with hookEventName and a reason", "R-codex-deny"],
    ["unknown-field", "an unknown top-level field beside a deny", "R-codex-unknown-field"],
    ["missing-event-name", "a deny without hookEventName", "R-codex-no-name"],
    [
      "deny-empty-reason",
      "a deny with an empty permissionDecisionReason, beside context",
      "C-codex-empty-reason",
    ],
    [
      "block-empty-reason",
      'PostToolUse decision "block" without a reason, beside context',
      "C-codex-block",
    ],
    [
      "allow-without-rewrite",
      'permissionDecision "allow" without updatedInput, beside context',
      "C-codex-allow",
    ],
    ["rewrite-applies", "allow with updatedInput runs the rewritten command"],
    ["ask", 'permissionDecision "ask": Codex fails the hook and the call runs', "R-codex-ask"],
    [
      "suppress-output-true-with-deny",
      "suppressOutput: true beside a deny",
      "R-codex-suppress-true",
    ],
    [
      "suppress-output-false-with-deny",
      "suppressOutput: false beside a deny",
      "R-codex-suppress-false",
    ],
    ["continue-true-with-deny", "continue: true beside a deny", "R-codex-continue-true"],
    ["continue-false-with-deny", "continue: false beside a deny", "R-codex-continue-false"],
    ["legacy-block", 'the legacy decision "block" with a reason', "R-codex-legacy-block"],
    ["exit-2-stderr", "exit 2 with stderr denies, stderr as the reason", "R-codex-exit-two"],
    ["exit-2-empty-stderr", "exit 2 with empty stderr on PreToolUse"],
    ["exit-1-non-blocking", "exit 1 is a non-blocking error: the call runs"],
    [
      "reason-without-decision",
      "a top-level reason without decision, beside context",
      "R-codex-lonely-reason",
      "C-codex-lonely",
    ],
    [
      "permission-reason-without-decision",
      "a permissionDecisionReason without permissionDecision, beside context",
      "R-codex-lonely-permission-reason",
      "C-codex-lonely-permission",
    ],
  ]),
  // A deny under another matcher: [name, matcher, title, the reason].
  ...[
    [
      "codex-matcher-exact-name",
      "Bas",
      'a matcher of plain letters ("Bas") is an exact name: it does not select Bash',
      "R-codex-exact",
    ],
    [
      "codex-matcher-regex",
      "^Ba",
      'a matcher with regex characters ("^Ba") is an unanchored regex: it selects Bash',
      "R-codex-regex",
    ],
    ["codex-matcher-star", "*", 'the matcher "*" selects every tool', "R-codex-star"],
    [
      "codex-matcher-alternation",
      "Read|Bash",
      'a name list ("Read|Bash") selects Bash',
      "R-codex-names",
    ],
  ].map(([name, matcher, title, reason]) =>
    codexNative(name, title, "PreToolUse", denyOutput(reason), { matcher }),
  ),
  // A deny in another configuration form or place: [name, title, the reason, the scenario field].
  ...[
    [
      "codex-subfolder-launch",
      "started in a subfolder: <repo>/.codex/hooks.json is found and its deny holds",
      "R-codex-subfolder",
      { launchSubdirectory: "packages/app" },
    ],
    [
      "codex-config-toml-hooks",
      "hooks in the project's .codex/config.toml [hooks] tables",
      "R-codex-project-toml",
      { configForm: "config.toml" },
    ],
    [
      "codex-user-config-toml-hooks",
      "hooks in the user's ~/.codex/config.toml [hooks] tables",
      "R-codex-user-toml",
      { configForm: "user-config.toml" },
    ],
    [
      "codex-untrusted-project",
      "an untrusted project's .codex/hooks.json is not loaded: the call runs",
      "R-codex-untrusted",
      { trustProject: false },
    ],
    [
      "codex-hooks-json-schema-key",
      'a hooks.json with a "$schema" root field is refused whole: the call runs',
      "R-codex-schema-key",
      {
        settings: (/** @type {{ projectDirectory: string }} */ { projectDirectory }) => ({
          $schema: "https://example.com/codex-hooks.json",
          ...codexHooks(projectDirectory, [
            { event: "PreToolUse", matcher: "^Bash$", script: "native" },
          ]),
        }),
      },
    ],
  ].map(([name, title, reason, extra]) =>
    codexNative(name, title, "PreToolUse", denyOutput(reason), extra),
  ),
  codexNative(
    "codex-timeout-and-timeout-sec",
    "timeout and timeoutSec both set: Codex takes timeout (30 s); the deny holds",
    "PreToolUse",
    denyOutput("R-codex-duplicate-timeout"),
    { handler: { timeout: 30, timeoutSec: 30 } },
  ),
  // A guard that denies after 6 s, under a 2 s handler field: [name, title, the field, the reason].
  ...[
    [
      "codex-timeout-sec",
      "timeoutSec is not read: a guard past 2 s still denies (the default 600 s applies)",
      "timeoutSec",
      "R-codex-timeout-sec-ignored",
    ],
    [
      "codex-timeout",
      "timeout in seconds: a guard past 2 s is killed and the call runs",
      "timeout",
      "R-codex-too-late",
    ],
  ].map(([name, title, field, reason]) =>
    codexNative(name, title, "PreToolUse", null, {
      scripts: { native: `sleep 6; ${claudeDeny(reason)}` },
      handler: { [field]: 2 },
    }),
  ),
  codexNative(
    "codex-apply-patch-edit-write",
    "an Edit|Write matcher selects apply_patch and its deny holds",
    "PreToolUse",
    denyOutput("R-codex-patch-denied"),
    {
      matcher: "Edit|Write",
      toolCall: { type: "patch", patch: notesPatch },
      toolMarker: "notes.txt",
      steps: ({ launchDirectory }) => [
        { event: "PreToolUse", payload: codexPatchPayload(launchDirectory, notesPatch) },
      ],
    },
  ),
  codexNative(
    "codex-post-tool-use-block-reason",
    "a PostToolUse block's reason reaches the model",
    "PostToolUse",
    { decision: "block", reason: "R-codex-post-block" },
  ),
  eventHook(
    "codex",
    { event: "UserPromptSubmit", matcher: "^Bash$", script: "native" },
    "codex-broken-json-prompt",
    "UserPromptSubmit output that starts with { but does not parse",
    "echo '{C-codex-broken-json'",
  ),
  codexNative(
    "codex-post-updated-mcp-output",
    "PostToolUse updatedMCPToolOutput fails the hook: its context is not sent",
    "PostToolUse",
    hookOutput("PostToolUse", {
      additionalContext: "C-codex-mcp-output",
      updatedMCPToolOutput: "replaced",
    }),
  ),
  codexNative(
    "codex-pre-tool-use-plain-stdout",
    "PreToolUse plain stdout is ignored: the call runs and the text is not sent",
    "PreToolUse",
    null,
    { scripts: { native: "echo C-codex-plain-pre" } },
  ),
  eventHook(
    "codex",
    { event: "SessionStart", matcher: "resume", script: "start" },
    "codex-session-start-matcher-resume",
    'a SessionStart matcher "resume" does not run on a new session (source "startup")',
    say(hookOutput("SessionStart", { additionalContext: "C-codex-resume" })),
  ),
  {
    name: "codex-two-hooks-both-run",
    title: "two matching groups of the project's config.toml both run; the second one's deny holds",
    kind: "codex",
    configForm: "config.toml",
    settings: ({ projectDirectory }) =>
      codexHooks(projectDirectory, [
        { event: "PreToolUse", matcher: "Bash", script: "first" },
        { event: "PreToolUse", matcher: "^Bash$", script: "second" },
      ]),
    scripts: { first: "", second: claudeDeny("R-codex-second-denies") },
    toolCall: { type: "exec", command: toolCommand },
    steps: ({ launchDirectory }) => [
      { event: "PreToolUse", payload: codexBash(launchDirectory, toolCommand) },
    ],
  },
  ...createEventScenarios("codex", {
    promptName: "user-prompt-plain-context",
    sessionMatcher: "startup",
    stopReason: "R-codex-keep-going",
    promptContext: "C-codex-prompt-context",
    sessionContext: "C-codex-session",
  }),
  {
    name: "codex-session-end-runs",
    title: "SessionEnd, new in 0.169, runs once when codex exec ends",
    kind: "codex",
    settings: ({ projectDirectory }) =>
      codexHooks(projectDirectory, [{ event: "SessionEnd", script: "end" }]),
    scripts: { end: "" },
    toolCall: null,
    steps: ({ launchDirectory }) => [
      {
        event: "SessionEnd",
        payload: {
          session_id: "conformance-session",
          transcript_path: null,
          cwd: launchDirectory,
          hook_event_name: "SessionEnd",
          reason: "other",
        },
      },
    ],
  },
  payloadScenario(
    "codex",
    "codex-payload-fields",
    "each event's payload has the fields of the codex profile's payload rows",
    [...turnHooks, { event: "SessionEnd", script: "end" }],
    (payloads) =>
      listPayloadMismatches(payloads, (event) => {
        const common = codexProfile.commonPayload;
        const row = codexProfile.events[event]?.payload;
        if (row === undefined) return null;
        const required = new Set(["hook_event_name", ...common.required, ...row.required]);
        return { required, allowed: new Set([...required, ...common.optional, ...row.optional]) };
      }),
  ),
];

/** The ZeroCode payload table (docs/zerocode.md, "Payload"): each event's fields beside `common`. */
const zerocodePayloadFields = {
  common: ["session_id", "transcript_path", "cwd", "hook_event_name", "model"],
  /** @type {Record<string, string[]>} */
  events: {
    SessionStart: ["source", "permission_mode"],
    UserPromptSubmit: ["turn_id", "permission_mode", "prompt"],
    PreToolUse: ["turn_id", "permission_mode", "tool_name", "tool_use_id", "tool_input"],
    PostToolUse: [
      "turn_id",
      "permission_mode",
      "tool_name",
      "tool_use_id",
      "tool_input",
      "tool_response",
    ],
    Stop: ["turn_id", "permission_mode", "stop_hook_active", "last_assistant_message"],
  },
};

/** @type {Scenario[]} */
export const scenarios = [
  // (a) Claude Code guards through `convert --shim`, against `dispatch --profile claude`.
  bashGuard(
    "shim",
    "shim-deny-reason-reaches-model",
    "a JSON deny of a Claude Code guard reaches the model through the shim",
    claudeDeny("R-guard-says-no"),
  ),
  bashGuard(
    "shim",
    "shim-silent-guard-runs-tool",
    "a guard that prints nothing lets the call run",
    "",
  ),
  bashGuard(
    "shim",
    "shim-exit-2-stderr-reason",
    "exit 2 with stderr denies, stderr as the reason",
    "echo R-exit-two >&2; exit 2",
  ),
  bashGuard("shim", "shim-exit-2-empty-stderr", "exit 2 with empty stderr denies", "exit 2", {
    reasonReachesModel: false,
  }),
  bashGuard(
    "shim",
    "shim-exit-1-non-blocking",
    "exit 1 is a non-blocking error: the call runs",
    "echo oops >&2; exit 1",
  ),
  bashGuard(
    "shim",
    "shim-ask-is-denied",
    "ask, which Codex cannot ask, is a deny",
    say(
      hookOutput("PreToolUse", {
        permissionDecision: "ask",
        permissionDecisionReason: "R-please-confirm",
      }),
    ),
    { reasonReachesModel: false },
  ),
  bashGuard(
    "shim",
    "shim-rewrite-applies",
    "allow with updatedInput rewrites the command",
    say(
      hookOutput("PreToolUse", {
        permissionDecision: "allow",
        updatedInput: { command: rewrittenCommand },
      }),
    ),
  ),
  bashGuard(
    "shim",
    "shim-context-without-decision",
    "PreToolUse additionalContext without a decision reaches the model",
    say(hookOutput("PreToolUse", { additionalContext: "C-pre-context" })),
  ),
  bashGuard(
    "shim",
    "shim-allow-without-rewrite",
    'permissionDecision "allow" without updatedInput: the call runs and the context reaches the model',
    say(
      hookOutput("PreToolUse", {
        permissionDecision: "allow",
        additionalContext: "C-allow-context",
      }),
    ),
  ),
  {
    name: "shim-post-tool-use-block-reason",
    title: "a PostToolUse block's reason reaches the model",
    kind: "shim",
    settings: () =>
      claudeSettings("shim", [{ event: "PostToolUse", matcher: "Bash", script: "post" }]),
    scripts: { post: say({ decision: "block", reason: "R-output-needs-review" }) },
    toolCall: { type: "exec", command: toolCommand },
    steps: ({ launchDirectory }) => [
      {
        event: "PostToolUse",
        payload: {
          ...claudeBash(launchDirectory, toolCommand),
          hook_event_name: "PostToolUse",
          tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false },
        },
      },
    ],
  },
  {
    name: "shim-post-tool-use-tool-response-shape",
    title: "a PostToolUse hook gets Claude Code's tool_response object (stdout, stderr)",
    kind: "shim",
    settings: () =>
      claudeSettings("shim", [{ event: "PostToolUse", matcher: "Bash", script: "post" }]),
    scripts: {
      post: [
        'case "$payload" in',
        `  *'"tool_response":{'*'"stdout":'*) ${say(hookOutput("PostToolUse", { additionalContext: "C-response-is-claude-object" }))} ;;`,
        `  *) ${say(hookOutput("PostToolUse", { additionalContext: "C-response-is-other" }))} ;;`,
        "esac",
      ].join("\n"),
    },
    toolCall: { type: "exec", command: "echo conformance-output; touch tool-ran.txt" },
    steps: ({ launchDirectory }) => [
      {
        event: "PostToolUse",
        payload: {
          ...claudeBash(launchDirectory, "echo conformance-output; touch tool-ran.txt"),
          hook_event_name: "PostToolUse",
          tool_response: {
            stdout: "conformance-output",
            stderr: "",
            interrupted: false,
            isImage: false,
          },
        },
      },
    ],
  },
  ...createEventScenarios("shim", {
    promptName: "user-prompt-context",
    stopReason: "R-keep-going",
    promptContext: "C-prompt-context",
    sessionContext: "C-session-context",
  }),
  // Fail-closed rules of docs/shim.md in a Codex host.
  bashGuard("shim", "shim-guard-missing", "a guard that does not exist fails closed", "", {
    reference: "shim-rule",
    hookScript: "absent",
  }),
  bashGuard(
    "shim",
    "shim-guard-not-executable",
    "a guard without the x bit fails closed",
    claudeDeny("R-x"),
    { reference: "shim-rule", notExecutable: ["guard"] },
  ),
  bashGuard(
    "shim",
    "shim-guard-hangs",
    "a guard that hangs past its timeout fails closed",
    "sleep 60",
    { reference: "shim-rule", timeout: 8 },
  ),
  bashGuard(
    "shim",
    "shim-guard-garbage",
    "a guard printing text that is not JSON fails closed",
    "echo '{not json'",
    { reference: "shim-rule" },
  ),
  bashGuard(
    "shim",
    "shim-guard-crash",
    "a guard killed by a signal (SIGKILL of its shell, run through sh -c) fails closed",
    "kill -KILL $$",
    { reference: "shim-rule" },
  ),
  bashGuard(
    "shim",
    "shim-guard-crash-direct",
    "a guard run without a shell (no shell syntax in its command) killed by a signal fails closed",
    "kill -KILL $$",
    {
      reference: "shim-rule",
      settings: ({ projectDirectory }) => ({
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [
                {
                  type: "command",
                  command: `${projectDirectory}/.claude/hooks/guard.sh`,
                  timeout: 30,
                },
              ],
            },
          ],
        },
      }),
    },
  ),
  bashGuard(
    "shim",
    "shim-agent-hooks-missing-from-path",
    "agent-hooks missing from PATH (exit 127) fails closed",
    claudeDeny("R-never-asked"),
    { reference: "shim-rule", agentHooksOnPath: "missing" },
  ),
  bashGuard(
    "shim",
    "shim-broken-install",
    "a broken shim (node exits 1 before agent-hooks runs) fails closed",
    claudeDeny("R-never-asked"),
    { reference: "shim-rule", agentHooksOnPath: "broken" },
  ),
  // Real-world shapes.
  bashGuard(
    "shim",
    "shim-subfolder-launch",
    "Codex started in a subfolder loads <repo>/.codex/hooks.json; the guard is found and allows",
    "exit 0",
    { launchSubdirectory: "packages/app" },
  ),
  bashGuard(
    "shim",
    "shim-path-with-spaces",
    "a project path with a space, @, comma and colon: the guard is found and denies",
    claudeDeny("R-spaces-ok"),
    { projectName: "my project @team,v1:x" },
  ),
  patchScenario(
    "shim-apply-patch-env-denied",
    "an Edit|Write guard reading tool_input.file_path denies apply_patch writing .env",
    envPatch,
    ".env",
  ),
  patchScenario(
    "shim-apply-patch-allowed",
    "an Edit|Write guard lets apply_patch write an ordinary file",
    notesPatch,
    "notes.txt",
  ),
  // (b) Plain `convert --to codex` of Claude Code hooks (the hook prints Claude Code's output).
  bashGuard(
    "convert",
    "convert-deny-with-event-name",
    "a deny with hookEventName works in Codex without the shim",
    claudeDeny("R-full-shape"),
  ),
  bashGuard(
    "convert",
    "convert-deny-without-event-name",
    "a deny without hookEventName: Codex rejects it unless convert flags the loss",
    say({
      hookSpecificOutput: {
        permissionDecision: "deny",
        permissionDecisionReason: "R-no-event-name",
      },
    }),
  ),
  bashGuard(
    "convert",
    "convert-exit-2-stderr",
    "exit 2 with stderr blocks in Codex without the shim",
    "echo R-plain-exit-two >&2; exit 2",
  ),
  bashGuard(
    "convert",
    "convert-exit-2-empty-stderr",
    "exit 2 with empty stderr: Codex rejects it unless convert flags the loss",
    "exit 2",
    { reasonReachesModel: false },
  ),
  // (c) Codex-native output rules against the ZeroCode profile.
  ...createRuleScenarios("zerocode", [
    ["deny-with-reason", "deny with hookEventName and a reason", "R-native-deny"],
    ["unknown-field", "an unknown top-level field beside a deny", "R-unknown-field"],
    ["missing-event-name", "a deny without hookEventName", "R-no-event-name"],
    [
      "deny-empty-reason",
      "a deny with an empty permissionDecisionReason",
      "C-empty-reason-context",
    ],
    ["block-empty-reason", 'PostToolUse decision "block" without a reason', "C-block-context"],
    [
      "allow-without-rewrite",
      'permissionDecision "allow" without updatedInput',
      "C-native-allow-context",
    ],
    ["suppress-output-false-with-deny", "suppressOutput: false beside a deny", "R-suppress-false"],
    ["continue-true-with-deny", "continue: true beside a deny", "R-continue-true"],
    ["ask", 'permissionDecision "ask", which neither supports', "R-native-ask"],
    ["suppress-output-true-with-deny", "suppressOutput: true beside a deny", "R-suppress-true"],
    ["continue-false-with-deny", "continue: false beside a deny", "R-continue-false"],
    ["legacy-block", 'the legacy decision "block" with a reason on PreToolUse', "R-legacy-block"],
    ["exit-2-empty-stderr", "exit 2 with empty stderr on PreToolUse"],
    [
      "reason-without-decision",
      "a top-level reason without decision, beside context",
      "R-lonely-reason",
      "C-beside-lonely-reason",
    ],
    [
      "post-reason-without-decision",
      "PostToolUse: a reason without decision, beside context",
      "R-lonely-post-reason",
      "C-beside-lonely-post-reason",
    ],
    [
      "subfolder-launch",
      "started in a subfolder, Codex loads <repo>/.codex/hooks.json and its deny holds",
      "R-subfolder-deny",
    ],
  ]),
  // Codex's payloads against the ZeroCode payload table (docs/zerocode.md, "Payload").
  payloadScenario(
    "zerocode",
    "zerocode-payload-fields",
    "each event's payload has the fields of the ZeroCode payload table",
    turnHooks,
    (payloads) =>
      listPayloadMismatches(payloads, (event) => {
        const fields = new Set([
          ...zerocodePayloadFields.common,
          ...(zerocodePayloadFields.events[event] ?? []),
        ]);
        return { required: fields, allowed: fields };
      }),
  ),
  payloadScenario(
    "zerocode",
    "zerocode-apply-patch-payload",
    "an Edit|Write matcher selects apply_patch; tool_input.command is the patch",
    [
      { event: "PreToolUse", matcher: "Edit|Write", script: "edit" },
      { event: "PostToolUse", matcher: "Edit|Write", script: "edited" },
    ],
    (payloads) => {
      const record = /** @type {any} */ (
        payloads.find((payload) => /** @type {any} */ (payload)?.hook_event_name === "PreToolUse")
      );
      const mismatches = [];
      if (record?.tool_name !== "apply_patch") {
        mismatches.push(`tool_name is ${JSON.stringify(record?.tool_name)}, not "apply_patch"`);
      }
      if (record?.tool_input?.command !== notesPatch) {
        mismatches.push(
          `tool_input is ${JSON.stringify(record?.tool_input)}, not { command: <patch> }`,
        );
      }
      return mismatches;
    },
    { toolCall: { type: "patch", patch: notesPatch }, toolMarker: "notes.txt" },
  ),
  ...codexScenarios,
];
