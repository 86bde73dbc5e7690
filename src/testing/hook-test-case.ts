import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { suggestName } from "../config/suggest-name.js";
import { type DiagnosticCode, diagnosticCodes } from "../diagnostic.js";

/** What a case expects of the combined dispatch result; strings match as substrings or `/regex/flags`. */
export interface HookTestExpectation {
  decision?: "allow" | "deny" | "ask" | "block" | null;
  reason?: string;
  /** Matches when any additionalContext entry matches. */
  additionalContext?: string;
  continue?: boolean;
  stopReason?: string;
  /** Matches when any system message matches. */
  systemMessage?: string;
  /** Diagnostic codes that must occur; failures with these codes then do not fail the case. */
  errors?: DiagnosticCode[];
  /**
   * How many hooks must run (skipped ones do not count). Absent, a case in which no hook ran
   * fails: write `0` for a case that expects none.
   */
  hooksRun?: number;
}

/** One hook test case: an event and payload dispatched through the real engine, and what to expect. */
export interface HookTestCase {
  name: string;
  event: string;
  payload?: Record<string, unknown>;
  /** Environment variables added for the handlers. */
  env?: Record<string, string>;
  /** Files created in the sandbox's working directory (relative path → content); needs `sandbox`. */
  files?: Record<string, string>;
  /** Runs in a temporary working directory and home, removed afterwards, instead of the project and real home. */
  sandbox?: boolean;
  /**
   * A built-in profile name; defaults to the file's, then the runner's, then the profile detected
   * in the project directory and home (as every command detects it), then `deepagents`.
   */
  profile?: string;
  /** Hook configuration files read instead of discovery (relative to `baseDirectory`); `[]`: discovery. */
  config?: string | string[];
  /** JSON Schema of the tool's input, for profiles that apply a rewrite only when it matches. */
  toolInputSchema?: unknown;
  expect: HookTestExpectation;
  /** Where relative `config` paths point from, and `$AGENT_HOOKS_TEST_DIR` for handlers. */
  baseDirectory?: string;
  /** The case file the case came from, when it came from one. */
  file?: string;
}

const expectationSchema = z.strictObject({
  decision: z.enum(["allow", "deny", "ask", "defer", "block"]).nullable().optional(),
  reason: z.string().optional(),
  additionalContext: z.string().optional(),
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  systemMessage: z.string().optional(),
  errors: z.array(z.enum(diagnosticCodes)).optional(),
  hooksRun: z.number().int().nonnegative().optional(),
});

const caseFields = {
  env: z.record(z.string(), z.string()).optional(),
  profile: z.string().optional(),
  config: z.union([z.string(), z.array(z.string())]).optional(),
  sandbox: z.boolean().optional(),
};

const caseSchema = z.strictObject({
  name: z.string().min(1),
  event: z.string().min(1),
  payload: z.record(z.string(), z.unknown()).optional(),
  files: z.record(z.string(), z.string()).optional(),
  toolInputSchema: z.unknown().optional(),
  expect: expectationSchema,
  ...caseFields,
});

const caseListSchema = z.array(caseSchema);
const fileSchema = z.strictObject({
  ...caseFields,
  $schema: z.string().optional(),
  cases: caseListSchema,
});

/** A case file's cases, or the one error that kept it from being read. */
export type HookTestFile =
  | { ok: true; file: string; cases: HookTestCase[] }
  | { ok: false; file: string; error: string };

/**
 * Reads a case file (JSON, or YAML when it ends in `.yaml` / `.yml`): an array of cases, or `{ profile?, config?, env?, sandbox?, cases }` whose
 * `profile`, `config`, `env` and `sandbox` are defaults for its cases. Never throws.
 */
export async function readHookTestFile(file: string): Promise<HookTestFile> {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch (error) {
    return { ok: false, file, error: `cannot read: ${(error as Error).message}` };
  }
  const yaml = /\.ya?ml$/i.test(file);
  let document: unknown;
  try {
    document = yaml ? parseYaml(text, { prettyErrors: false }) : JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.split("\n")[0];
    return { ok: false, file, error: `invalid ${yaml ? "YAML" : "JSON"}: ${message}` };
  }
  const parsed = Array.isArray(document)
    ? caseListSchema
        .transform((cases): z.infer<typeof fileSchema> => ({ cases }))
        .safeParse(document)
    : fileSchema.safeParse(document);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) =>
        `${describeIssue(issue)} at ${issue.path.length === 0 ? "(root)" : issue.path.join(".")}`,
    );
    return { ok: false, file, error: `invalid case file: ${issues.join("; ")}` };
  }
  const defaults = parsed.data;
  const list = parsed.data.cases;
  const baseDirectory = path.dirname(absolute);
  const cases = list.map((item): HookTestCase => {
    const profile = item.profile ?? defaults.profile;
    const config = item.config ?? defaults.config;
    const sandbox = item.sandbox ?? defaults.sandbox;
    const env = { ...defaults.env, ...item.env };
    return {
      name: item.name,
      event: item.event,
      expect: stripUndefined(item.expect) as HookTestExpectation,
      baseDirectory,
      file,
      env,
      ...(item.payload !== undefined && { payload: item.payload }),
      ...(item.files !== undefined && { files: item.files }),
      ...(item.toolInputSchema !== undefined && { toolInputSchema: item.toolInputSchema }),
      ...(profile !== undefined && { profile }),
      ...(config !== undefined && { config }),
      ...(sandbox !== undefined && { sandbox }),
    };
  });
  return { ok: true, file, cases };
}

// A misspelled field gets the field it meant: `Unrecognized key: "decison" (did you mean "decision"?)`.
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code !== "unrecognized_keys" || issue.keys.length !== 1) return issue.message;
  const [key = ""] = issue.keys;
  const last = issue.path.at(-1);
  const shape =
    last === "expect"
      ? expectationSchema.shape
      : typeof last === "number"
        ? caseSchema.shape
        : fileSchema.shape;
  return `${issue.message}${suggestName(key, Object.keys(shape))}`;
}

function stripUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
}
