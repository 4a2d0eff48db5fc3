/**
 * The admin's control on another user's profile (issue 41): pick `user`, `moderator` or `admin`
 * and Change Role. A plain form posting to the profile's action (intent `role`), so it works
 * without JavaScript.
 */
import { Form } from '@remix-run/react';
import { ROLES, type Role } from '@fso/shared';

const LABEL: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

export const roleLabel = (role: Role | undefined): string => LABEL[role ?? 'user'];

export function RoleForm({ role, busy }: { role: Role; busy: boolean }) {
  return (
    <Form method="post" className="role-form" replace>
      <input type="hidden" name="intent" value="role" />
      <label className="field">
        <span>Role</span>
        <select name="role" defaultValue={role}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {LABEL[r]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        Change Role
      </button>
    </Form>
  );
}
