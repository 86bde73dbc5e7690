/** What one canonical event's matcher is tested against, and whether it is about a tool call. */
export interface CanonicalEvent {
  /** Tool events match tool names, so tool names in their matchers are translated. */
  toolEvent: boolean;
  /** What the matcher filters, for messages (`tool`, `session source`). */
  matchSubject: string;
}

const toolEvent = { toolEvent: true, matchSubject: "tool" } as const;

/**
 * Every event any supported format has, by its canonical (PascalCase) name. An event a source
 * spells differently (Copilot's `agentStop`) is converted through these names.
 */
export const canonicalEvents = {
  SessionStart: { toolEvent: false, matchSubject: "session source" },
  SessionEnd: { toolEvent: false, matchSubject: "end reason" },
  Setup: { toolEvent: false, matchSubject: "trigger" },
  UserPromptSubmit: { toolEvent: false, matchSubject: "prompt" },
  UserPromptExpansion: { toolEvent: false, matchSubject: "command" },
  PreToolUse: toolEvent,
  PermissionRequest: toolEvent,
  PermissionDenied: toolEvent,
  PostToolUse: toolEvent,
  PostToolUseFailure: toolEvent,
  PostToolBatch: { toolEvent: false, matchSubject: "batch" },
  Notification: { toolEvent: false, matchSubject: "notification type" },
  Stop: { toolEvent: false, matchSubject: "stop" },
  StopFailure: { toolEvent: false, matchSubject: "error type" },
  SubagentStart: { toolEvent: false, matchSubject: "agent type" },
  SubagentStop: { toolEvent: false, matchSubject: "agent type" },
  PreCompact: { toolEvent: false, matchSubject: "compaction trigger" },
  PostCompact: { toolEvent: false, matchSubject: "compaction trigger" },
  ErrorOccurred: { toolEvent: false, matchSubject: "error" },
  TeammateIdle: { toolEvent: false, matchSubject: "teammate" },
  TaskCreated: { toolEvent: false, matchSubject: "task" },
  TaskCompleted: { toolEvent: false, matchSubject: "task" },
  InstructionsLoaded: { toolEvent: false, matchSubject: "load reason" },
  ConfigChange: { toolEvent: false, matchSubject: "configuration source" },
  CwdChanged: { toolEvent: false, matchSubject: "directory" },
  FileChanged: { toolEvent: false, matchSubject: "file name" },
  WorktreeCreate: { toolEvent: false, matchSubject: "worktree" },
  WorktreeRemove: { toolEvent: false, matchSubject: "worktree" },
  Elicitation: { toolEvent: false, matchSubject: "MCP server" },
  ElicitationResult: { toolEvent: false, matchSubject: "MCP server" },
  // Gemini CLI's model-call events, spelled as Gemini CLI spells them (no other format has them).
  BeforeModel: { toolEvent: false, matchSubject: "model request" },
  AfterModel: { toolEvent: false, matchSubject: "model response" },
  BeforeToolSelection: { toolEvent: false, matchSubject: "model request" },
  // Cursor's events after a reply and after a thinking block, spelled in PascalCase (only Cursor has them).
  AfterAgentResponse: { toolEvent: false, matchSubject: "response" },
  AfterAgentThought: { toolEvent: false, matchSubject: "thought" },
} as const satisfies Record<string, CanonicalEvent>;

/** How an event is treated: its catalog entry, or a non-tool event for names no format knows. */
export function describeCanonicalEvent(event: string): CanonicalEvent {
  return Object.hasOwn(canonicalEvents, event)
    ? canonicalEvents[event as keyof typeof canonicalEvents]
    : { toolEvent: false, matchSubject: "value" };
}
