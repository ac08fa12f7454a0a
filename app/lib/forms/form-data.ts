/** Reading submitted form values as text. */

/** The text value of a form field (`""` when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
