/** Caps a message at `limit` characters, marking the cut; the result never exceeds `limit`. */
export function capMessage(message: string, limit: number): { text: string; truncated: boolean } {
  if (message.length <= limit) return { text: message, truncated: false };
  const marker = `… [truncated ${message.length - limit} characters]`;
  const keep = Math.max(0, limit - marker.length - 8);
  const omitted = message.length - keep;
  const exact = `… [truncated ${omitted} characters]`;
  return { text: `${message.slice(0, keep)}${exact}`.slice(0, limit), truncated: true };
}
