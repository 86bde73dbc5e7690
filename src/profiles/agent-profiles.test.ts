import { describe, expect, it } from "vitest";
import { copilotProfile } from "./copilot.js";
import { cursorProfile } from "./cursor.js";
import type { EventSpec, Profile } from "./profile.js";
import { findProfile } from "./profiles.js";

// The tables of the profiles that name events, tools and output fields their own way (Cursor,
// Copilot CLI): each fact in one row, and rows that the pipeline can read.

const agentProfiles: readonly Profile[] = [cursorProfile, copilotProfile];
const rows = (profile: Profile) => Object.entries(profile.events) as [string, EventSpec][];

/** Whether the engine reads `path` on this event once the agent's field is mapped to it. */
function readsField(spec: EventSpec, path: string): boolean {
  if (path.startsWith("hookSpecificOutput.")) {
    return spec.specificFields.supported.includes(path.slice("hookSpecificOutput.".length));
  }
  if (path === "decision" || path === "reason") return spec.decisionKind !== "none";
  return spec.topLevelFields.supported.includes(path);
}

describe.each(agentProfiles)("the $name profile table", (profile) => {
  it("is registered under its name, its files read by its own dialect, timeouts in seconds", () => {
    expect(findProfile(profile.name)).toBe(profile);
    expect(new Set(profile.configLocations.map((location) => location.dialect))).toEqual(
      new Set([profile.name]),
    );
    expect(profile.timeoutUnit).toBe("seconds");
  });

  it("maps every agent output field to a field the event reads", () => {
    for (const [event, spec] of rows(profile)) {
      for (const mapping of spec.outputFields ?? []) {
        expect(readsField(spec, mapping.to), `${event}: ${mapping.from} → ${mapping.to}`).toBe(
          true,
        );
      }
    }
  });

  it("names a tool-specific event's tools by Claude Code's names, on a PreToolUse or PostToolUse", () => {
    const publicNames = new Set(Object.values(profile.canonicalToolNames ?? {}));
    for (const [event, spec] of rows(profile)) {
      if (spec.tools === undefined) continue;
      expect(["PreToolUse", "PostToolUse"], event).toContain(spec.canonical);
      for (const tool of spec.tools) {
        // A renamed tool is named by its public name; others keep theirs (Write, Read).
        expect(Object.hasOwn(profile.canonicalToolNames ?? {}, tool), `${event}: ${tool}`).toBe(
          false,
        );
        expect(publicNames.has(tool) || /^[A-Z]/.test(tool) || tool === "mcp__.*").toBe(true);
      }
    }
  });

  it("gives each canonical event one row that is not tool-specific", () => {
    const canonical = rows(profile)
      .filter(([, spec]) => spec.canonical !== undefined && spec.tools === undefined)
      .map(([, spec]) => spec.canonical);
    expect(new Set(canonical).size).toBe(canonical.length);
  });

  it("renames each of its tools to a distinct Claude Code tool", () => {
    const names = Object.values(profile.canonicalToolNames ?? {});
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("Cursor's file-edit event", () => {
  it("stands for the agent's file edits: Claude Code's Edit and Write (Cursor's StrReplace and Write), no MultiEdit", () => {
    expect(cursorProfile.events.afterFileEdit).toMatchObject({
      canonical: "PostToolUse",
      tools: ["Edit", "Write"],
    });
    expect(cursorProfile.canonicalToolNames.StrReplace).toBe("Edit");
  });
});
