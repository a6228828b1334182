/**
 * A text field for bundle names and versions: identifiers, so never spell-checked, and its value
 * handed over as a string. One component so every such field behaves the same.
 */
import type { InputHTMLAttributes } from 'react';

export function TextInput({
  onValue,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValue(value: string): void;
}) {
  return <input spellCheck={false} {...rest} onChange={(e) => onValue(e.target.value)} />;
}
