/** A password input with a "Show password" toggle (the toggle needs JavaScript; the field does not). */
import { useState } from 'react';

export function PasswordFields({ fields }: { fields: { name: string; label: string; autoComplete: string }[] }) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      {fields.map((f) => (
        <label key={f.name} className="field">
          <span>{f.label}</span>
          <input name={f.name} type={visible ? 'text' : 'password'} autoComplete={f.autoComplete} />
        </label>
      ))}
      <label className="checkbox">
        <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} /> Show password
      </label>
    </>
  );
}
