import { describe, expect, it } from "vitest";
import { deepagentsEventStreamProfile } from "../profiles/deepagents-event-stream.js";
import {
  eventStreamEvents,
  isEventStreamEvent,
  selectEventDelivery,
} from "./event-stream-events.js";

describe("eventStreamEvents", () => {
  it("lists each event of the profile table once, the ordered ones first", () => {
    const { ordered, unordered } = deepagentsEventStreamProfile.events;
    expect(Object.keys(eventStreamEvents)).toEqual([...ordered, ...unordered]);
    expect(new Set([...ordered, ...unordered]).size).toBe(ordered.length + unordered.length);
  });

  it("delivers the tool events, user.name.set and input.required unordered, the rest in order", () => {
    const unordered = ["tool.use", "tool.result", "tool.error", "user.name.set", "input.required"];
    for (const event of Object.keys(eventStreamEvents)) {
      expect([event, selectEventDelivery(event)]).toEqual([
        event,
        unordered.includes(event) ? "unordered" : "ordered",
      ]);
    }
    // A host's own event is a non-tool event.
    expect(selectEventDelivery("my.event")).toBe("ordered");
  });

  it("knows only the catalog's names, not inherited keys", () => {
    expect(isEventStreamEvent("tool.result")).toBe(true);
    expect(isEventStreamEvent("toString")).toBe(false);
    expect(isEventStreamEvent("PreToolUse")).toBe(false);
  });
});
