/** An inline error above a public form (the public pages have no message provider). */
export function FormAlert({ text }: { text: string }) {
  return (
    <div className="form-alert" role="alert" data-testid="form-alert">
      {text}
    </div>
  );
}
