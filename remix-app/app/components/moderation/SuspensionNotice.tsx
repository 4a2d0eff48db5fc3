/**
 * The suspended user's notice at the top of every page (issue 41): "Your account is suspended
 * until DATE: REASON", from the layout's loader, and kept current live by `suspensionUpdate`
 * (a moderator's suspension or lift reaches open pages at once).
 */
import { useEffect, useState } from 'react';
import { suspendedMessage, type Suspension } from '@fso/shared';
import { useSocketEvent } from '../socket.tsx';

export function SuspensionNotice({ suspension: loaded }: { suspension: Suspension | null }) {
  const [suspension, setSuspension] = useState(loaded);
  useEffect(() => setSuspension(loaded), [loaded]);
  useSocketEvent('suspensionUpdate', (payload) => setSuspension(payload.suspension));
  if (!suspension) return null;
  return (
    <p className="suspension-notice" role="status" data-testid="suspension-notice">
      {suspendedMessage(new Date(suspension.until), suspension.reason)}
    </p>
  );
}
