/** What the server refused, in its own words, announced to screen readers; nothing when all is well. */
export function FormError({ error }: { error?: string }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}
