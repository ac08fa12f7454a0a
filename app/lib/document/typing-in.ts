/** Whether a key pressed on `target` is typing (a field, a select, the Markdown editor). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest(".cm-editor, [contenteditable]")) return true;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}
