// ECharts writes tooltip text as HTML. Profile and model names, prompts and
// provider messages are user or provider text: a profile named
// `<img src=x onerror=alert(1)>` must show as those characters, so every such
// string an option builder puts into a tooltip goes through this first.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
}
