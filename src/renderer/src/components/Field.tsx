import { useId, type ReactNode } from 'react';

/**
 * A labelled control with its hint and its error next to it: the error comes
 * from the service that refused the value, about this field.
 */
export function Field(props: {
  label: string;
  hint?: string;
  error?: string | null;
  children: (control: {
    id: string;
    describedBy: string | undefined;
    invalid: boolean;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, describedBy, invalid: Boolean(props.error) })}
      {props.hint && (
        <p className="hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
