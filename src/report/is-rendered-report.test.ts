import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../test/support/run-node-script.js";
import { isRenderedReport } from "./is-rendered-report.js";
import { renderAuditReport } from "./render-audit-report.js";

describe("isRenderedReport", () => {
  it("recognises what renderAuditReport writes", () => {
    const text = readFileSync(
      path.join(packageRoot, "test/fixtures/report/three-sessions.jsonl"),
      "utf8",
    );
    const report = renderAuditReport(text, { title: "a <b> & c" });
    if (!report.ok) throw new Error(report.error);
    expect(isRenderedReport(report.html)).toBe(true);
  });

  it.each([
    ["", false],
    ["<!doctype html>\n<title>Notes</title>", false],
    ["<p>Hook report · x</p>", false],
    ["<!doctype html>\n<html>\n<title>Hook report · x</title>", true],
  ])("%j → %s", (text, expected) => {
    expect(isRenderedReport(text)).toBe(expected);
  });
});
