/**
 * The outcome of a form whose fields carry its errors (issue 25 item 12): a refusal with field
 * errors shows them under their fields only, its summary kept for screen readers (the field
 * messages are not announced when they appear); a refusal without any (the network, a rate
 * limit) shows its message above the form. No notification repeats either: one mistake, one
 * message. Used with `useFormSubmit({ notify: false })`.
 */
import { FormStatus } from "../../components/ui/form-controls.tsx";
import type { FormSubmitState } from "../../components/forms/use-form-submit.ts";

/** The form's confirmation, and its error as the module comment says. */
export function FieldsFormStatus({ form }: { form: FormSubmitState }) {
  if (form.error && Object.keys(form.fieldErrors).length > 0)
    return (
      <p role="alert" className="sr-only">
        {form.error}
      </p>
    );
  return <FormStatus form={form} />;
}
