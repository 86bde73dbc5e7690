import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const fileEntrySchema = z.union([
  z.string(),
  z.strictObject({
    text: z.string().optional(),
    /** An octal mode such as `"755"`; by default a file starting with `#!` is 0755, others 0644. */
    mode: z
      .string()
      .regex(/^[0-7]{3}$/)
      .optional(),
    /** A symbolic link to this target instead of a file. */
    link: z.string().optional(),
  }),
]);

const filesSchema = z.record(z.string(), fileEntrySchema);

const caseFields = {
  name: z.string().optional(),
  /** Files of the project (the session cwd), by path relative to it. */
  project: filesSchema.optional(),
  /** Files of the temporary HOME, by path relative to it. */
  home: filesSchema.optional(),
  /** Whether the project is a git repository (`git init` before the files are written). */
  git: z.boolean().optional(),
  /** Shell code run in the project (with the temporary HOME) after the files are written. */
  setup: z.string().optional(),
  /** The hook's own `env`. */
  env: z.record(z.string(), z.string()).optional(),
  /** The hook's own `cwd`, relative to the project. */
  cwd: z.string().optional(),
  /** The payload on stdin; a PreToolUse payload by default. */
  stdin: z.string().optional(),
  /**
   * Files (`~/x` under HOME, others relative to the project) the trace must show the command
   * reached, so a case that no longer exercises its file fails instead of passing vacuously.
   */
  ran: z.array(z.string()).optional(),
};

const caseSchema = z.strictObject({
  ...caseFields,
  command: z.string().optional(),
  /** Several commands sharing this case's files and settings, one case each. */
  commands: z.array(z.string()).optional(),
});

const familySchema = z.strictObject({
  family: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string(),
  ...caseFields,
  cases: z.array(z.union([z.string(), caseSchema])).min(1),
});

type Files = z.infer<typeof filesSchema>;

/** One hook command of the soundness corpus, with everything its temporary project needs. */
export interface SoundnessCase {
  /** `family/NN: command`, unique, usable as a vitest `-t` filter. */
  title: string;
  command: string;
  project: Files;
  home: Files;
  git: boolean;
  setup: string | null;
  env: Record<string, string>;
  cwd: string | null;
  stdin: string;
  ran: string[] | null;
}

const defaultPayload = `${JSON.stringify({
  session_id: "soundness",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "ls" },
})}\n`;

/** Reads every `*.json` family of a corpus folder and expands it into cases, in file order. */
export function loadSoundnessCorpus(directory: string): SoundnessCase[] {
  const names = readdirSync(directory)
    .filter((name) => name.endsWith(".json"))
    .sort();
  const cases: SoundnessCase[] = [];
  for (const name of names) {
    const file = path.join(directory, name);
    const parsed = familySchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    const family = parsed.data;
    let index = 0;
    for (const entry of family.cases) {
      const item = typeof entry === "string" ? { command: entry } : entry;
      const commands = [
        ...(item.command === undefined ? [] : [item.command]),
        ...(item.commands ?? []),
      ];
      if (commands.length === 0)
        throw new Error(`${file}: a case has neither command nor commands`);
      for (const command of commands) {
        index += 1;
        const label = item.name ?? command.replaceAll("\n", " ⏎ ");
        cases.push({
          title: `${family.family}/${String(index).padStart(2, "0")}: ${label}`,
          command,
          project: { ...family.project, ...item.project },
          home: { ...family.home, ...item.home },
          git: item.git ?? family.git ?? false,
          setup: item.setup ?? family.setup ?? null,
          env: { ...family.env, ...item.env },
          cwd: item.cwd ?? family.cwd ?? null,
          stdin: item.stdin ?? family.stdin ?? defaultPayload,
          ran: item.ran ?? family.ran ?? null,
        });
      }
    }
  }
  const titles = new Set(cases.map(({ title }) => title));
  if (titles.size !== cases.length) throw new Error(`${directory}: two cases share a title`);
  return cases;
}
