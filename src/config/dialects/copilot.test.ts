import { describe, expect, it } from "vitest";
import {
  createConfigSource,
  locateDiagnostics,
} from "../../../test/support/dialect-test-support.js";
import { copilotProfile } from "../../profiles/copilot.js";
import type { ConfigSource } from "../discover-config-files.js";
import { parseCopilotConfig } from "./copilot.js";

const hookFile = createConfigSource("/work/repo/.github/hooks/policy.json", "project", "copilot");
const settingsFile: ConfigSource = {
  ...hookFile,
  file: "/work/repo/.github/copilot/settings.json",
};
const parse = (document: unknown, from: ConfigSource = hookFile) =>
  parseCopilotConfig(document, from, copilotProfile);
const unix = process.platform !== "win32";

describe("parseCopilotConfig", () => {
  it("reads camelCase events, bash as the command, timeoutSec in seconds, cwd, env and matcher", () => {
    const result = parse({
      version: 1,
      hooks: {
        preToolUse: [
          {
            type: "command",
            bash: "./guard.sh",
            powershell: "./guard.ps1",
            cwd: "scripts",
            env: { MODE: "deny" },
            timeoutSec: 5,
            matcher: "bash|edit",
            comment: "documentation only",
          },
        ],
        agentStop: [{ type: "command", bash: "./again.sh" }],
      },
    });
    expect(
      result.definitions.map((item) => [
        item.event,
        item.command,
        item.matcher,
        item.timeoutMs,
        item.cwd,
        item.env,
      ]),
    ).toEqual([
      [
        "preToolUse",
        unix ? "./guard.sh" : "./guard.ps1",
        "bash|edit",
        5000,
        "scripts",
        { MODE: "deny" },
      ],
      ["agentStop", "./again.sh", null, 30_000, null, {}],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("takes an event's PascalCase name as Copilot CLI does, sharing its entry numbering", () => {
    const result = parse({
      version: 1,
      hooks: {
        preToolUse: [{ type: "command", bash: "./a.sh" }],
        PreToolUse: [{ type: "command", bash: "./b.sh" }],
        Stop: [{ type: "command", bash: "./c.sh" }],
      },
    });
    expect(result.definitions.map((item) => [item.event, item.groupIndex])).toEqual([
      ["preToolUse", 0],
      ["preToolUse", 1],
      ["agentStop", 0],
    ]);
  });

  it("reads the hooks of a settings file and leaves its other settings alone", () => {
    const result = parse(
      { model: "gpt-5", hooks: { sessionStart: [{ type: "command", bash: "./start.sh" }] } },
      settingsFile,
    );
    expect(result.definitions.map((item) => [item.event, item.path])).toEqual([
      ["sessionStart", "hooks.sessionStart[0]"],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it.each([
    [
      "an unknown event, with a suggestion",
      { version: 1, hooks: { preToolUsed: [{ type: "command", bash: "x" }] } },
      [["unknown_event", "warning", "hooks.preToolUsed"]],
      'did you mean "preToolUse"',
    ],
    [
      "an entry without a type",
      { version: 1, hooks: { agentStop: [{ bash: "x" }] } },
      [["invalid_config", "error", "hooks.agentStop[0].type"]],
      '"type": "command"',
    ],
    [
      "a prompt hook, which Copilot CLI runs on sessionStart and agent-hooks does not",
      { version: 1, hooks: { sessionStart: [{ type: "prompt", prompt: "/review" }] } },
      [["unsupported_handler_type", "warning", "hooks.sessionStart[0].type"]],
      'type "prompt" is run by Copilot CLI but not by agent-hooks',
    ],
    [
      "an entry without bash or powershell",
      { version: 1, hooks: { agentStop: [{ type: "command", timeoutSec: 5 }] } },
      [["invalid_config", "error", "hooks.agentStop[0]"]],
      "bash, powershell",
    ],
    [
      "a timeoutSec that is not a positive number",
      { version: 1, hooks: { agentStop: [{ type: "command", bash: "x", timeoutSec: -1 }] } },
      [["invalid_config", "error", "hooks.agentStop[0].timeoutSec"]],
      "positive number of seconds",
    ],
    [
      "env that is not an object of strings",
      { version: 1, hooks: { agentStop: [{ type: "command", bash: "x", env: { A: 1 } }] } },
      [["invalid_config", "error", "hooks.agentStop[0].env.A"]],
      "must be a string",
    ],
    [
      "an unknown entry field, with a suggestion",
      { version: 1, hooks: { agentStop: [{ type: "command", bash: "x", timeoutSc: 5 }] } },
      [["unknown_field", "warning", "hooks.agentStop[0].timeoutSc"]],
      'did you mean "timeoutSec"',
    ],
    [
      "an unknown top-level field of a hook file",
      { version: 1, hooks: {}, hoks: {} },
      [["unknown_field", "warning", "hoks"]],
      'did you mean "hooks"',
    ],
  ])("reports %s at its file and JSON path", (_title, document, expected, message) => {
    const result = parse(document);
    expect(locateDiagnostics(result.diagnostics)).toEqual(expected);
    expect(result.diagnostics.every((item) => item.file === hookFile.file)).toBe(true);
    expect(result.diagnostics.map((item) => item.message).join("\n")).toContain(message);
  });
});
