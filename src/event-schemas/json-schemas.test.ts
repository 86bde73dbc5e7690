import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { findFlatHookFileShape } from "../config/dialects/flat-hook-file-shapes.js";
import { createHookEngine } from "../engine/engine.js";
import type { Profile } from "../profiles/profile.js";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { eventSchemas } from "./event-schemas.js";

// The JSON Schemas `npm run build` writes, and the payloads the engine really sends.

const repository = fileURLToPath(new URL("../../", import.meta.url));
const root = createSuiteWorkspace("schemas").root;
const output = path.join(root, "schemas");
const profileNames = Object.keys(eventSchemas) as ProfileName[];

beforeAll(() => {
  ensureBuilt();
  execFileSync(process.execPath, [path.join(repository, "scripts", "write-schemas.mjs"), output], {
    cwd: repository,
    stdio: "pipe",
  });
}, 120_000);

type Schemas = Record<string, { input: z.ZodType; output: z.ZodType }>;
const schemasOf = (profile: ProfileName): Schemas => eventSchemas[profile];

function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(output, file), "utf8")) as Record<string, unknown>;
}

describe("the JSON Schemas in schemas/", () => {
  it("are listed in index.json, an input and an output for every event of every profile", () => {
    const index = readSchema("index.json") as { schemas: { path: string }[] };
    const expected = profileNames.flatMap((profile) =>
      Object.keys(schemasOf(profile)).flatMap((event) => [
        `${profile}/${event}.input.json`,
        `${profile}/${event}.output.json`,
      ]),
    );
    expect(index.schemas.map((entry) => entry.path).sort()).toEqual(expected.sort());
    for (const file of expected) expect(existsSync(path.join(output, file)), file).toBe(true);
  });

  it.each(profileNames)("are JSON Schema 2020-12 objects that read back (%s)", (profile) => {
    for (const event of Object.keys(schemasOf(profile))) {
      for (const kind of ["input", "output"] as const) {
        const schema = readSchema(`${profile}/${event}.${kind}.json`);
        expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
        expect(schema.type).toBe("object");
        expect(schema.title).toBe(`${profiles[profile].title} ${event} ${kind}`);
        const source = schemasOf(profile)[event]?.[kind];
        expect(Object.keys(schema.properties as object)).toEqual(
          Object.keys((source as z.ZodObject | undefined)?.shape ?? {}),
        );
        const read = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
        if (kind === "output") {
          expect(schema.additionalProperties).toBe(false);
          expect(read.safeParse({}).success).toBe(true);
          expect(read.safeParse({ colour: "blue" }).success).toBe(false);
        }
      }
    }
  });
});

// One realistic payload per event, with every field any profile sends for it; each profile gets
// the fields its table lists.
const samples: Record<string, Record<string, unknown>> = {
  SessionStart: { source: "startup", model: "model-1", agent_type: "main", session_title: "t" },
  SessionEnd: { reason: "other" },
  UserPromptSubmit: { prompt: "fix the failing test" },
  PreToolUse: { tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "toolu_1" },
  PermissionRequest: {
    tool_name: "Bash",
    tool_input: { command: "sudo ls", description: "list as root" },
    permission_suggestions: [],
  },
  PostToolUse: {
    tool_name: "Write",
    tool_input: { file_path: "a.txt", content: "a" },
    tool_response: { success: true },
    tool_use_id: "toolu_2",
    duration_ms: 12,
  },
  PostToolUseFailure: {
    tool_name: "Bash",
    tool_input: { command: "false" },
    tool_use_id: "toolu_3",
    error: "exit 1",
    is_interrupt: false,
  },
  Notification: {
    message: "waiting for input",
    title: "Agent",
    notification_type: "idle_prompt",
    details: { type: "exec" },
  },
  Stop: { last_assistant_message: "done", background_tasks: [], session_crons: [] },
  SubagentStart: { agent_id: "agent-1", agent_type: "Explore" },
  SubagentStop: {
    stop_hook_active: false,
    agent_id: "agent-1",
    agent_type: "Explore",
    agent_transcript_path: null,
    last_assistant_message: "found it",
    background_tasks: [],
    session_crons: [],
  },
  PreCompact: { trigger: "manual", custom_instructions: null },
  PostCompact: { trigger: "auto", compact_summary: "summary" },
  Setup: { trigger: "init" },
  UserPromptExpansion: {
    expansion_type: "slash_command",
    command_name: "deploy",
    command_args: "prod",
    command_source: "project",
    prompt: "/deploy prod",
  },
  PermissionDenied: {
    tool_name: "Bash",
    tool_input: { command: "rm -rf /" },
    tool_use_id: "toolu_4",
    reason: "classifier",
  },
  PostToolBatch: { tool_calls: [{ tool_name: "Read", tool_input: { file_path: "a.txt" } }] },
  MessageDisplay: { message: "Done." },
  TaskCreated: {
    task_id: "task-1",
    task_subject: "Write docs",
    task_description: "All events",
    teammate_name: "ann",
    team_name: "docs",
  },
  TaskCompleted: { task_id: "task-1", task_subject: "Write docs", team_name: "docs" },
  TeammateIdle: { teammate_name: "ann", team_name: "docs" },
  StopFailure: { error: "rate_limit", error_details: "429", last_assistant_message: "" },
  InstructionsLoaded: {
    file_path: "/repo/CLAUDE.md",
    memory_type: "Project",
    load_reason: "session_start",
    globs: ["src/**"],
    trigger_file_path: "/repo/src/a.ts",
    parent_file_path: "/repo/CLAUDE.md",
  },
  CwdChanged: { old_cwd: "/repo", new_cwd: "/repo/src" },
  DirectoryAdded: { directory: "/other" },
  FileChanged: { file_path: "/repo/.envrc", event: "change" },
  ConfigChange: { source: "project_settings", file_path: "/repo/.claude/settings.json" },
  WorktreeCreate: { name: "feature" },
  WorktreeRemove: { worktree_path: "/repo/.worktrees/feature" },
  Elicitation: {
    mcp_server_name: "docs",
    message: "Token?",
    mode: "form",
    elicitation_id: "e-1",
    requested_schema: { type: "object" },
  },
  ElicitationResult: {
    mcp_server_name: "docs",
    action: "accept",
    content: { token: "abc" },
    mode: "form",
    elicitation_id: "e-1",
  },
  // Gemini CLI's own event names.
  BeforeTool: {
    tool_name: "run_shell_command",
    tool_input: { command: "ls" },
    mcp_context: { server_name: "docs" },
    original_request_name: "run_shell_command",
  },
  AfterTool: {
    tool_name: "write_file",
    tool_input: { file_path: "a.txt", content: "a" },
    tool_response: { llmContent: "ok" },
  },
  BeforeAgent: { prompt: "fix the failing test" },
  AfterAgent: { prompt: "fix it", prompt_response: "Done.", stop_hook_active: false },
  PreCompress: { trigger: "auto" },
  BeforeModel: { llm_request: { model: "gemini-2.5-flash", messages: [] } },
  AfterModel: {
    llm_request: { model: "gemini-2.5-flash", messages: [] },
    llm_response: { candidates: [] },
  },
  BeforeToolSelection: { llm_request: { model: "gemini-2.5-flash", messages: [] } },
};
const turnSample = { turn_id: "turn-1", permission_mode: "default" };

// Fields only Cursor's and Copilot CLI's payloads carry (the engine fills none of them).
const agentFieldSamples: Record<string, unknown> = {
  conversation_id: "conversation-1",
  generation_id: "generation-1",
  workspace_roots: ["/repo"],
  cursor_version: "2.1.0",
  command: "ls",
  output: "a.txt",
  duration: 12,
  result_json: "{}",
  file_path: "/repo/a.ts",
  edits: [{ old_string: "a", new_string: "b" }],
  attachments: [],
  status: "completed",
  loop_count: 0,
  text: "done",
  sessionId: "session-1",
  toolName: "bash",
  toolArgs: { command: "ls" },
  toolResult: { resultType: "success", textResultForLlm: "a.txt" },
  agentName: "explore",
  error: "exit 1",
};

/**
 * The sample of `event` with only the fields `profile` sends for it: the event's own sample, or
 * that of the Claude Code event its row is (`stop` is a Stop), and the agent's own fields.
 */
function createSample(profile: ProfileName, event: string): Record<string, unknown> {
  const table: Profile = profiles[profile];
  const spec = table.events[event];
  const payload = spec?.payload;
  const common = table.commonPayload;
  const fields: readonly string[] = [
    ...(payload?.required ?? []),
    ...(payload?.optional ?? []),
    ...[...(common?.required ?? []), ...(common?.optional ?? [])].filter((field) =>
      Object.hasOwn(agentFieldSamples, field),
    ),
  ];
  const own = samples[event] ?? (spec?.canonical === undefined ? {} : samples[spec.canonical]);
  const all = { ...agentFieldSamples, ...own, ...turnSample };
  return Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key)));
}

/** The hooks file the suite writes: the grouped shape, or the dialect's flat hook file. */
function writeHooksDocument(profile: ProfileName, events: readonly string[], directory: string) {
  const shape = findFlatHookFileShape(profiles[profile].configLocations[0]?.dialect ?? "");
  const command = (event: string) => `cat > '${path.join(directory, event)}.json'`;
  const hooks = Object.fromEntries(
    events.map((event) => [
      event,
      shape === undefined
        ? [{ hooks: [{ type: "command", command: command(event) }] }]
        : [{ type: "command", [shape.commandKey]: command(event) }],
    ]),
  );
  return shape === undefined ? { hooks } : { version: 1, hooks };
}

describe.each(profileNames)("payloads the %s engine sends", (profile) => {
  it("validate against each event's input schema, from zod and from the JSON Schema", async () => {
    const directory = path.join(root, profile);
    mkdirSync(path.join(directory, "home"), { recursive: true });
    const events = Object.keys(schemasOf(profile));
    const configFile = path.join(directory, "hooks.json");
    writeFileSync(configFile, JSON.stringify(writeHooksDocument(profile, events, directory)));
    const engine = await createHookEngine({
      profile,
      cwd: directory,
      home: path.join(directory, "home"),
      systemDir: path.join(directory, "system"),
      configFiles: [configFile],
      bypassHookTrust: true,
    });
    try {
      for (const event of events) {
        const result = await engine.dispatch(event, createSample(profile, event));
        expect(
          result.runs.map((run) => run.status),
          event,
        ).toEqual(["ok"]);
        const sent: unknown = JSON.parse(
          readFileSync(path.join(directory, `${event}.json`), "utf8"),
        );
        const parsed = schemasOf(profile)[event]?.input.safeParse(sent);
        expect(parsed?.error, `${event}: ${JSON.stringify(sent)}`).toBeUndefined();
        const fromJson = z.fromJSONSchema(
          readSchema(`${profile}/${event}.input.json`) as Parameters<typeof z.fromJSONSchema>[0],
        );
        expect(fromJson.safeParse(sent).success, event).toBe(true);
        // The schemas can fail: an event's payload under another event's name does not pass.
        expect(fromJson.safeParse({ ...(sent as object), hook_event_name: "Other" }).success).toBe(
          false,
        );
      }
    } finally {
      await engine.close();
    }
  });
});
