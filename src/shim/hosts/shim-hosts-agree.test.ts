import { describe, expect, it } from "vitest";
import { type CursorToolEvent, cursorToolEvents } from "../../convert/cursor-tool-events.js";
import { hookFormats } from "../../convert/hook-formats.js";
import { type FormatName, formatNames } from "../../convert/portable-hooks.js";
import { readCanonicalEvent, readCanonicalToolName } from "./shim-host.js";
import { shimHosts } from "./shim-hosts.js";

// For every agent, `agent-hooks convert` (its format in src/convert/formats/) and the shim (its
// host module) must name the same events and tools and count the same timeouts: a hook written by
// `convert --shim` is run by the shim under the event name convert wrote.

/** Convert's events that stand for one kind of tool call, by format (Cursor's `beforeShellExecution`). */
const convertToolEvents: Partial<Record<FormatName, Readonly<Record<string, CursorToolEvent>>>> = {
  cursor: cursorToolEvents,
};

/** Canonical tool names a tool-specific event may or may not stand for. */
const candidateTools = [
  "Bash",
  "Read",
  "Edit",
  "Write",
  "MultiEdit",
  "NotebookEdit",
  "Grep",
  "Glob",
  "WebFetch",
  "mcp__github__create_issue",
];

/** A payload with every field a tool-specific event needs to be read. */
const toolEventPayload = { command: "ls", file_path: "/p/a.txt", tool_name: "lookup", cwd: "/p" };

function matchesWhole(matcher: string, tool: string): boolean {
  return new RegExp(`^(?:${matcher})$`).test(tool);
}

describe.each(formatNames)("convert and the shim agree on %s", (name) => {
  const format = hookFormats[name];
  const host = shimHosts[name];
  const toolEvents = Object.entries(convertToolEvents[name] ?? {});

  it("names the agent alike", () => {
    expect(host.name).toBe(format.name);
    expect(host.title).toBe(format.title);
  });

  it("reads every event name and alias convert writes as the same canonical event", () => {
    for (const [canonical, event] of Object.entries(format.events)) {
      for (const spelling of [event.name, ...event.aliases]) {
        expect(readCanonicalEvent(host, spelling), spelling).toBe(canonical);
      }
      expect(host.events.writeName(canonical, null), canonical).toBe(event.name);
    }
    for (const [event, spec] of toolEvents) {
      expect(readCanonicalEvent(host, event), event).toBe(spec.event);
    }
  });

  it("knows no event name convert does not", () => {
    const convertNames = new Map<string, string>([
      ...Object.entries(format.events).flatMap(([canonical, event]) =>
        [event.name, ...event.aliases].map((spelling) => [spelling, canonical] as const),
      ),
      ...toolEvents.map(([event, spec]) => [event, spec.event] as const),
    ]);
    expect(new Map(Object.entries(host.events.canonicalByName))).toEqual(convertNames);
  });

  it("writes a tool-specific event for exactly the tools convert's matcher selects", () => {
    for (const [event, spec] of toolEvents) {
      for (const tool of candidateTools) {
        const written = host.events.writeName(spec.event, tool);
        expect(written === event, `${spec.event} of ${tool}`).toBe(
          matchesWhole(spec.matcher, tool),
        );
      }
    }
  });

  it("reads a tool-specific event's payload as a tool its matcher selects", () => {
    for (const [event, spec] of toolEvents) {
      const read = host.readPayload(event, spec.event, { ...toolEventPayload });
      expect(read.ok, event).toBe(true);
      const toolName = read.ok ? String(read.payload.tool_name) : "";
      expect(matchesWhole(spec.matcher, toolName), `${event} read as ${toolName}`).toBe(true);
    }
  });

  it("reads tool names as convert's matchers do", () => {
    if (format.matchers === null) {
      // Without matchers convert has no tool names to translate (the host's stay its own).
      expect(format.toolNames.internalNames).toEqual({});
      return;
    }
    expect(host.tools.canonicalByName).toEqual(format.toolNames.internalNames);
    for (const [own, canonical] of Object.entries(format.toolNames.internalNames)) {
      expect(readCanonicalToolName(host, own)).toBe(canonical);
      // A name written for the host reads back as the same canonical name.
      expect(readCanonicalToolName(host, host.tools.writeName(canonical))).toBe(canonical);
    }
  });

  it("counts the same default timeout in the same unit", () => {
    expect(host.timeouts).toEqual({
      defaultSeconds: format.defaultTimeoutSeconds,
      unit: format.timeoutUnit,
    });
  });
});
