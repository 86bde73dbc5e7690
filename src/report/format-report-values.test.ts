import { describe, expect, it } from "vitest";
import { formatDuration, formatExit, formatOffset } from "./format-report-values.js";

describe("formatDuration", () => {
  it.each([
    [0, "0 ms"],
    [0.42, "0.4 ms"],
    [9.5, "9.5 ms"],
    [23.4, "23 ms"],
    [999, "999 ms"],
    [1_240, "1.24 s"],
    [4_000, "4 s"],
    [12_500, "12.5 s"],
    [125_000, "2 min 05 s"],
    [3_720_000, "1 h 02 min"],
  ])("%d ms is %s", (milliseconds, text) => {
    expect(formatDuration(milliseconds)).toBe(text);
  });
});

describe("formatOffset", () => {
  it.each([
    [0, "+0 s"],
    [-3, "+0 s"],
    [850, "+850 ms"],
    [61_000, "+1 min 01 s"],
  ])("%d ms is %s", (milliseconds, text) => {
    expect(formatOffset(milliseconds)).toBe(text);
  });
});

describe("formatExit", () => {
  it.each([
    [0, null, "exit 0"],
    [2, null, "exit 2"],
    [null, "SIGKILL", "signal SIGKILL"],
    [null, null, "no exit code"],
  ])("exit code %s and signal %s read %s", (exitCode, signal, text) => {
    expect(formatExit(exitCode, signal)).toBe(text);
  });
});
