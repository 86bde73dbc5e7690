import { isRecord } from "../../shared/is-record.js";

/** A Gemini CLI AfterTool `tool_response` in Claude Code's shape, and what could not be kept. */
export interface GeminiToolResponse {
  response: unknown;
  /** One sentence per thing the hook cannot see as Claude Code would show it. */
  problems: string[];
}

// Gemini CLI 0.61.0's shell tool (gemini-cli-core `tools/shell.js`) writes llmContent as an
// `Output:` section, then one line each, in this order and only when they apply: `Error:`,
// `Exit Code:`, `Signal:`, `Background PIDs:`, `Process Group PGID:`.
const shellTrailers = ["Process Group PGID", "Background PIDs", "Signal", "Exit Code", "Error"];

// What Gemini's scheduler appends to llmContent when a BeforeTool hook rewrote the input.
const inputModifiedNote =
  /\n\n\[System\] Tool input parameters \([^)]*\) were modified by a hook before execution\.$/;

// Gemini CLI 0.61.0 wraps the shell tool's text for the model (`wrapUntrusted` in gemini-cli-core),
// escaping a closing tag inside it.
const untrustedOpen = "<untrusted_context>\n";
const untrustedClose = "\n</untrusted_context>";

function unwrapUntrusted(text: string): string {
  if (!text.startsWith(untrustedOpen) || !text.endsWith(untrustedClose)) return text;
  return text
    .slice(untrustedOpen.length, -untrustedClose.length)
    .replaceAll("&lt;/untrusted_context&gt;", "</untrusted_context>");
}

// A cancelled or timed-out command (`Command was cancelled by user…`, `…automatically cancelled…`).
const cancelled =
  /^Command was (?:cancelled by user before it could complete|automatically cancelled because it exceeded the timeout of [^\n]*?)\. (?:Below is the output before it was cancelled:\n([\s\S]*)|There was no output before it was cancelled\.)$/;

/**
 * Translates Gemini CLI's AfterTool `tool_response` (`{llmContent, returnDisplay, error}`) into
 * Claude Code's PostToolUse shape as far as it can be recovered: `run_shell_command` (Bash)
 * becomes `{stdout, stderr, interrupted, isImage}` read from the shell tool's `Output:` text
 * (stdout and stderr together; its `<untrusted_context>` wrapper removed), `write_file` (Write) `{type, filePath, content}` and `replace`
 * (Edit) `{filePath, oldString, newString, replaceAll}` from the tool's input; anything else, or a
 * response it cannot read, keeps Gemini CLI's shape. Each case adds a problem line.
 *
 * @example
 * ```ts
 * readGeminiToolResponse("Bash", { command: "ls" },
 *   { llmContent: "Output: a.txt\nProcess Group PGID: 42", returnDisplay: "a.txt" });
 * // { response: { stdout: "a.txt", stderr: "", interrupted: false, isImage: false }, problems: [ … ] }
 * ```
 */
export function readGeminiToolResponse(
  toolName: unknown,
  toolInput: unknown,
  response: unknown,
): GeminiToolResponse {
  const kept: GeminiToolResponse = {
    response,
    problems: ["tool_response keeps Gemini CLI's shape ({llmContent, returnDisplay, error})"],
  };
  if (!isRecord(response)) return kept;
  const failed = isRecord(response.error);
  const input = isRecord(toolInput) ? toolInput : {};
  if (toolName === "Bash" && typeof response.llmContent === "string" && !failed) {
    const shell = readShellContent(response.llmContent);
    if (shell === null) return kept;
    return {
      response: {
        stdout: shell.output,
        stderr: "",
        interrupted: shell.interrupted,
        isImage: false,
      },
      problems: [
        `tool_response is read from Gemini CLI's shell output text (stdout and stderr together as stdout${shell.lost.length === 0 ? "" : `; not in Claude Code's shape: ${shell.lost.join(", ")}`})`,
      ],
    };
  }
  const filePath = input.file_path;
  if (failed || typeof filePath !== "string") return kept;
  if (toolName === "Write" && typeof input.content === "string") {
    const created =
      typeof response.llmContent === "string" &&
      response.llmContent.startsWith("Successfully created and wrote to new file:");
    return {
      response: { type: created ? "create" : "update", filePath, content: input.content },
      problems: [
        "tool_response is built from write_file's input (no originalFile or structuredPatch)",
      ],
    };
  }
  if (
    toolName === "Edit" &&
    typeof input.old_string === "string" &&
    typeof input.new_string === "string"
  ) {
    return {
      response: {
        filePath,
        oldString: input.old_string,
        newString: input.new_string,
        replaceAll: input.allow_multiple === true,
      },
      problems: [
        "tool_response is built from replace's input (no originalFile or structuredPatch)",
      ],
    };
  }
  return kept;
}

interface ShellContent {
  output: string;
  interrupted: boolean;
  /** The trailer lines and notes Claude Code's Bash response has no field for. */
  lost: string[];
}

// Reads the shell tool's text from its end: the trailers are one line each, in a fixed order.
function readShellContent(content: string): ShellContent | null {
  const lost: string[] = [];
  let text = content;
  if (inputModifiedNote.test(text)) {
    text = text.replace(inputModifiedNote, "");
    lost.push("Gemini CLI's note that a hook modified the input");
  }
  text = unwrapUntrusted(text);
  const stopped = cancelled.exec(text);
  if (stopped !== null) return { output: stopped[1] ?? "", interrupted: true, lost };
  const lines = text.split("\n");
  let next = 0;
  while (lines.length > 1 && next < shellTrailers.length) {
    const last = lines[lines.length - 1] ?? "";
    const index = shellTrailers.findIndex(
      (name, position) => position >= next && last.startsWith(`${name}: `),
    );
    if (index === -1) break;
    if (shellTrailers[index] !== "Process Group PGID") lost.push(last);
    lines.pop();
    next = index + 1;
  }
  const body = lines.join("\n");
  if (!body.startsWith("Output: ")) return null;
  const output = body.slice("Output: ".length);
  lost.reverse();
  return { output: output === "(empty)" ? "" : output, interrupted: false, lost };
}
