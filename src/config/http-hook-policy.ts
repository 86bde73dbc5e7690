/** A settings list merged across the settings files that set it. */
export interface MergedSettingList {
  /** The entries of every file that sets the list, managed settings first, each once. */
  entries: readonly string[];
  /** The files that set it, in the order they were read. */
  files: readonly string[];
}

/**
 * Claude Code's limits on `http` handlers, merged from every settings file read: the URLs they
 * may call (`allowedHttpHookUrls`) and the variables their headers may interpolate
 * (`httpHookAllowedEnvVars`). A list is null when no file sets it (no limit).
 */
export interface HttpHookPolicy {
  allowedUrls: MergedSettingList | null;
  allowedEnvVars: MergedSettingList | null;
}
