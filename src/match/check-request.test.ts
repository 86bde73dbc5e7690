import { describe, expect, it } from "vitest";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { checkRequest, createUnknownEventDiagnostic } from "./check-request.js";

const profile = deepagentsProfile;

describe("checkRequest", () => {
  it("returns the event's spec when nothing refuses the request", () => {
    expect(checkRequest(profile, "PreToolUse", {}, false, "dispatched")).toBe(
      profile.events.PreToolUse,
    );
  });

  it.each([
    ["an unknown event", "Nope", {}, false, "unknown_event"],
    ["an event only Object.prototype has", "constructor", {}, false, "unknown_event"],
    ["an unknown event, before a closed engine", "Nope", {}, true, "unknown_event"],
    ["a closed engine, before a bad payload", "PreToolUse", null, true, "engine_closed"],
    ["a null payload", "PreToolUse", null, false, "invalid_payload"],
    ["an array payload", "PreToolUse", [], false, "invalid_payload"],
    ["a string payload", "PreToolUse", "{}", false, "invalid_payload"],
  ] as const)("refuses %s", (_, event, payload, closed, code) => {
    const checked = checkRequest(profile, event, payload, closed, "dispatched");
    expect("refusal" in checked && checked.refusal.code).toBe(code);
  });

  it("says what the closed engine did not do", () => {
    expect(checkRequest(profile, "Stop", {}, true, "explained")).toEqual({
      refusal: {
        code: "engine_closed",
        severity: "error",
        message: "The engine is closed; Stop was not explained",
        file: null,
        path: null,
      },
    });
  });

  it("lists the profile's events when the event is unknown", () => {
    const diagnostic = createUnknownEventDiagnostic(profile, "Nope");
    expect(diagnostic.message).toBe(
      `${profile.title} has no event "Nope" (events: ${Object.keys(profile.events).join(", ")})`,
    );
  });

  it("names the event a misspelled one meant", () => {
    expect(createUnknownEventDiagnostic(profile, "PreTooluse").message).toMatch(
      / has no event "PreTooluse" \(did you mean "PreToolUse"\?\) \(events: /,
    );
  });
});
