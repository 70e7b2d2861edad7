/** Problem is what went wrong in one part, announced as it appears (the edge's answers
 *  come after the guest acted); its id ties it to the field it is about. */
export function Problem({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="hh-form-field__error">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
