import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { renderAuditReport } from "./render-audit-report.js";

// Debian's chromium, driven by playwright-core: `.ci/run` installs it when it is missing.
const chromiumPath = "/usr/bin/chromium";
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  console.warn(
    `Skipping the report browser test: ${chromiumPath} is missing (install it with apt-get install -y chromium)`,
  );
}

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixture = path.join(root, "test/fixtures/report/three-sessions.jsonl");
const artifacts = path.join(root, "test/artifacts");

interface FixtureSession {
  session: string;
  hookIds: Set<string>;
  runs: number;
}

// The fixture's own counts, read independently of the report code.
async function readFixtureSessions(): Promise<FixtureSession[]> {
  const sessions = new Map<string, FixtureSession>();
  for (const line of (await readFile(fixture, "utf8")).split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as { type: string; session: string; hookId?: string };
    let session = sessions.get(record.session);
    if (session === undefined) {
      session = { session: record.session, hookIds: new Set(), runs: 0 };
      sessions.set(record.session, session);
    }
    if (record.type === "run" && record.hookId !== undefined) {
      session.hookIds.add(record.hookId);
      session.runs += 1;
    }
  }
  return [...sessions.values()];
}

describe("the HTML report in headless Chromium", () => {
  const directory = createSuiteWorkspace("report").root;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    if (!hasChromium) return;
    context = await chromium.launchPersistentContext(path.join(directory, "profile"), {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1280, height: 860 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  it.skipIf(!hasChromium)(
    "renders lanes and one bar per run with no console error and no request but the file",
    async () => {
      if (context === undefined) throw new Error("Chromium did not start");
      const report = renderAuditReport(await readFile(fixture, "utf8"), {
        title: "three-sessions.jsonl",
      });
      if (!report.ok) throw new Error(report.error);
      const file = path.join(directory, "report.html");
      await writeFile(file, report.html);
      const url = pathToFileURL(file).href;

      const page = await context.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") {
          problems.push(`console ${message.type()}: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
      page.on("request", (request) => requests.push(request.url()));
      page.on("dialog", (dialog) => problems.push(`dialog: ${dialog.message()}`));
      await page.goto(url, { waitUntil: "load" });

      const sessions = await readFixtureSessions();
      expect(sessions).toHaveLength(3);
      expect(await page.locator("section.session").count()).toBe(3);
      for (const [index, session] of sessions.entries()) {
        if (index > 0) await page.locator(`label[for="tab-${index}"]`).click();
        const section = page.locator(`#session-${index}`);
        expect(await section.isVisible()).toBe(true);
        expect(await section.getAttribute("data-session")).toBe(session.session);
        const hookIds = await section
          .locator("g.lane")
          .evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute("data-hook-id")));
        expect(new Set(hookIds)).toEqual(session.hookIds);
        expect(hookIds).toHaveLength(session.hookIds.size);
        const bars = section.locator("g.bar");
        const runCounts = await bars.evaluateAll((elements) =>
          elements.map((element) => Number(element.getAttribute("data-runs"))),
        );
        // The fixture's runs are far enough apart that every run is its own bar.
        expect(runCounts.every((count) => count === 1)).toBe(true);
        expect(runCounts).toHaveLength(session.runs);
        const box = await bars.first().boundingBox();
        expect(box?.width).toBeGreaterThan(0);
        expect(box?.height).toBeGreaterThan(0);
        expect(await section.locator("g.marker").first().isVisible()).toBe(true);
        for (const [other] of sessions.entries()) {
          if (other !== index)
            expect(await page.locator(`#session-${other}`).isVisible()).toBe(false);
        }
      }

      // The third session's deny reason holds a <script>: shown as text, never run.
      expect(await page.locator("#session-2 td.reason").first().textContent()).toContain(
        "<script>alert(1)</script>",
      );
      expect(await page.locator("body script").count()).toBe(0);

      await page.locator('label[for="tab-0"]').click();
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: path.join(artifacts, "report.png"), fullPage: true });
      await page.locator('label[for="tab-1"]').click();
      await page.screenshot({ path: path.join(artifacts, "report-session-2.png"), fullPage: true });

      expect(problems).toEqual([]);
      expect(requests).toEqual([url]);
      await page.close();
    },
    60_000,
  );
});
