import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { neutralizeName, prototypeNames } from "../../test/support/prototype-names.js";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { loadConfig } from "./load-config.js";

// Names a configuration holds (event names, handler types, matchers, handler, group and root keys)
// are looked up in the profile's and the dialects' tables. A name Object.prototype has
// (`constructor`, `toString`, `__proto__`) must be read as any other name those tables lack: the
// same diagnostics and hooks as a neutral name of the same shape, a `__proto__` key included.

const slots = ["event", "handlerType", "matcher", "handlerKey", "groupKey", "rootKey"] as const;
type Slot = (typeof slots)[number];

/** The profile's PreToolUse, by its own name for it. */
function pickToolEvent(name: ProfileName): string {
  const event = ["PreToolUse", "BeforeTool", "preToolUse"].find((candidate) =>
    Object.hasOwn(profiles[name].events, candidate),
  );
  if (event === undefined) throw new Error(`no PreToolUse in ${name}`);
  return event;
}

/** A configuration of `profile` as JSON text, with `name` at `slot` (as a key, own even as `__proto__`). */
function writeDocument(profile: ProfileName, slot: Slot, name: string): string {
  const key = JSON.stringify(name);
  const event = slot === "event" ? key : JSON.stringify(pickToolEvent(profile));
  const type = JSON.stringify(slot === "handlerType" ? name : "command");
  const extra = slot === "handlerKey" ? `, ${key}: {"command": "rm -rf /"}` : "";
  const matcher = JSON.stringify(slot === "matcher" ? name : "Bash");
  const groupExtra = slot === "groupKey" ? `, ${key}: {"hooks": []}` : "";
  const flat = profile === "vscode" || profile === "copilot" || profile === "cursor";
  const commandKey = profile === "copilot" ? "bash" : "command";
  const handler = `{"type": ${type}, ${JSON.stringify(commandKey)}: "true"${extra}}`;
  const entry = flat
    ? profile === "cursor"
      ? `{"command": "true", "matcher": ${matcher}${extra}${groupExtra}}`
      : handler.replace(/}$/, `${groupExtra}}`)
    : `{"matcher": ${matcher}, "hooks": [${handler}]${groupExtra}}`;
  const version = profile === "copilot" || profile === "cursor" ? `"version": 1, ` : "";
  const root = slot === "rootKey" ? `, ${key}: {"hooks": {"Stop": [${entry}]}}` : "";
  return `{${version}"hooks": {${event}: [${entry}]}${root}}`;
}

const directory = createSuiteWorkspace("prototype-names-config").root;

const profileNames = Object.keys(profiles) as ProfileName[];

const fileNames: Readonly<Record<ProfileName, string>> = {
  deepagents: "hooks.json",
  zerocode: "hooks.json",
  claude: "settings.json",
  vscode: "hooks.json",
  gemini: "settings.json",
  codex: "hooks.json",
  cursor: "hooks.json",
  copilot: "hooks.json",
};

async function load(profile: ProfileName, text: string) {
  const file = path.join(directory, profile, fileNames[profile]);
  writeFileSync(file, text);
  const loaded = await loadConfig(profiles[profile], {
    home: directory,
    cwd: directory,
    configFiles: [file],
  });
  return { definitions: loaded.definitions, diagnostics: loaded.diagnostics };
}

describe("config: prototype names read as any unknown name", () => {
  it.each(profileNames)("%s", async (profile) => {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(path.join(directory, profile), { recursive: true });
    for (const slot of slots) {
      for (const name of prototypeNames) {
        const loaded = await load(profile, writeDocument(profile, slot, name));
        const neutral = await load(profile, writeDocument(profile, slot, neutralizeName(name)));
        const text = JSON.stringify(loaded).replaceAll(name, neutralizeName(name));
        expect({ slot, name, loaded: JSON.parse(text) }).toEqual({
          slot,
          name,
          loaded: neutral,
        });
        if (slot === "event") {
          expect(loaded.definitions).toEqual([]);
          expect(loaded.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
            "unknown_event",
          );
        }
      }
    }
  });
});
